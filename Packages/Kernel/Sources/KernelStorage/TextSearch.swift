import Foundation
import GRDB

/// What a person typed into a list's search field, and how a query finds the rows that hold it.
///
/// One rule for every list: the text is trimmed and kept to ``maxLength`` characters, and nothing (or only spaces)
/// searches for nothing. A column matches when it holds the text anywhere, ignoring the case of ASCII letters
/// (SQLite's `LIKE`); a column stored folded (such as a sort key) is matched against the text folded the same way.
/// Wildcards typed (`%`, `_`) are matched as themselves.
public struct TextSearch: Sendable, Hashable {
    /// The longest search kept: a field's worth.
    public static let maxLength = 200

    /// The text searched for, trimmed.
    public let text: String

    /// The search for `text`; nil when there is nothing to search for.
    public init?(_ text: (some StringProtocol)?) {
        let given = text.map { String($0) } ?? ""
        let trimmed = String(given.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Self.maxLength))
        guard !trimmed.isEmpty else { return nil }
        self.text = trimmed
    }

    /// A filter: `column` holds the text — as `stored` writes it, for a column kept in another form.
    public func matches(_ column: Column, stored: (String) -> String = { $0 }) -> SQLExpression {
        column.like(Self.pattern(stored(text)), escape: "\\")
    }

    /// `%text%`, with `LIKE`'s own characters in `text` escaped.
    static func pattern(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "%\(escaped)%"
    }
}
