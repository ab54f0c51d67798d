/// A parsed `Content-Range` header: `bytes 100-199/1000`, `bytes 100-199/*` or `bytes */1000`.
struct ContentRange: Equatable {
    /// The first byte sent, nil for the unsatisfied form `bytes */N`.
    var start: Int64?
    /// The full size, when known.
    var total: Int64?

    /// Parses `header`, or returns nil when it is not a byte range.
    init?(_ header: String) {
        let text = header.trimmingPrefix(while: { $0 == " " })
        guard text.lowercased().hasPrefix("bytes") else { return nil }
        let rest = text.dropFirst(5).trimmingPrefix(while: { $0 == " " || $0 == "=" })
        let parts = rest.split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let range = parts[0].trimmingPrefix(while: { $0 == " " })
        if range == "*" {
            start = nil
        } else {
            guard let dash = range.firstIndex(of: "-"), let first = Int64(range[..<dash]) else { return nil }
            start = first
        }
        let totalText = parts[1].filter { $0 != " " }
        total = totalText == "*" ? nil : Int64(totalText)
        if totalText != "*" && total == nil { return nil }
    }
}

extension Substring {
    fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring {
        self.drop(while: predicate)
    }
}

extension String {
    fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring {
        self.drop(while: predicate)
    }
}
