/// A parsed `Content-Range` header: `bytes 100-199/1000`, `bytes 100-199/*` or `bytes */1000`.
struct ContentRange: Equatable {
    /// The first byte sent, nil for the unsatisfied form `bytes */N`.
    var start: Int64?
    /// The full size, when known.
    var total: Int64?

    /// Parses `header`, or returns nil when it is not a byte range of a file: counts are digits only, the first byte
    /// comes no later than the last, and both lie inside the file when its size is given.
    init?(_ header: String) {
        let text = header.trimmingPrefix(while: { $0 == " " })
        guard text.lowercased().hasPrefix("bytes") else { return nil }
        let rest = text.dropFirst(5).trimmingPrefix(while: { $0 == " " || $0 == "=" })
        let parts = rest.split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let range = parts[0].trimmingPrefix(while: { $0 == " " })
        var last: Int64?
        if range == "*" {
            start = nil
        } else {
            guard let dash = range.firstIndex(of: "-"), let first = Self.count(range[..<dash]),
                let end = Self.count(range[range.index(after: dash)...].filter { $0 != " " }[...]), first <= end
            else { return nil }
            start = first
            last = end
        }
        let totalText = parts[1].filter { $0 != " " }
        total = totalText == "*" ? nil : Self.count(totalText[...])
        if totalText != "*" && total == nil { return nil }
        // The range lies inside the file.
        if let last, let total, last >= total { return nil }
    }

    /// A byte count written as digits only (no sign), or nil.
    private static func count(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int64(text)
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
