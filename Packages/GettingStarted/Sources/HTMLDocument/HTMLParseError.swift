/// Why bytes could not be read as an HTML page, in words a person can act on.
public enum HTMLParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There were no bytes at all.
    case empty
    /// The bytes were only spaces, tabs and line breaks.
    case whitespaceOnly
    /// The bytes hold binary data (such as an image or an archive), not text.
    case binary
    /// libxml2 could not build a document from the bytes, even in recovery mode.
    case unreadable

    public var description: String {
        switch self {
        case .empty: "The file is empty: there is no HTML to show."
        case .whitespaceOnly: "The file holds only blank space: there is no HTML to show."
        case .binary: "The file holds binary data, not HTML text, so it cannot be shown as a page."
        case .unreadable: "The file could not be read as HTML."
        }
    }
}
