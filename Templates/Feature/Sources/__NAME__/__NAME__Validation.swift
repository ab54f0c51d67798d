import Foundation

/// The ways an action on __TITLE__ can fail, each with a message a person can read.
public enum __NAME__Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// The title was empty, or only spaces.
    case emptyTitle
    /// The title was longer than ``__NAME__Validation/maxTitleLength`` characters.
    case titleTooLong
    /// No entry has this id: it was deleted, perhaps in another window, or never existed.
    case notFound(id: Int64)

    /// A message a person can read.
    public var description: String {
        switch self {
        case .emptyTitle: "Give the entry a title."
        case .titleTooLong: "Use at most \(__NAME__Validation.maxTitleLength) characters for the title."
        case .notFound: "That entry no longer exists. It may have been deleted in another window."
        }
    }
}

/// Checks what a person typed before it is stored.
public enum __NAME__Validation {
    /// The longest title accepted, in characters.
    public static let maxTitleLength = __MAX__

    /// The title trimmed of surrounding whitespace, or why it is refused.
    public static func title(_ raw: String) throws(__NAME__Error) -> String {
        let title = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw .emptyTitle }
        guard title.count <= maxTitleLength else { throw .titleTooLong }
        return title
    }
}
