// The fuzz targets (Scripts/fuzz) compile this file alone: it needs Foundation only.
import Foundation

/// The fields of an `application/x-www-form-urlencoded` body.
public struct FormData: Sendable, Equatable {
    /// Every field, in order; a name may repeat.
    public let fields: [(name: String, value: String)]

    /// Parses `body`, decoding `+` as a space and percent escapes as UTF-8.
    public init(_ body: String) {
        fields = body.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            return (name, value)
        }
    }

    /// The first value named `name`, or nil.
    public subscript(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// The first value named `name`, or an empty string.
    public func string(_ name: String) -> String {
        self[name] ?? ""
    }

    public static func == (lhs: FormData, rhs: FormData) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
