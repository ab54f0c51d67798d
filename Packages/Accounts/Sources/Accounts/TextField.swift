import Foundation
import KernelText

/// The limits every text field of Accounts shares: no NUL or other control characters, and a length in bytes.
public enum TextField {
    /// The most bytes a name may take (UTF-8).
    public static let maxNameBytes = 100
    /// The most bytes an email may take (RFC 5321's limit for a path).
    public static let maxEmailBytes = 254
    /// The most bytes a password may take: bcrypt reads only the first 72, so a longer one would be cut silently.
    public static let maxPasswordBytes = 72
    /// The most bytes a mobile number may take as typed.
    public static let maxMobileBytes = 32

    /// Whether `text` holds a control character (NUL, a line break, an escape, DEL, C1 controls: Unicode's `Cc`).
    /// Format characters are not refused: a zero-width joiner is part of many emoji.
    public static func hasControlCharacters(_ text: String) -> Bool {
        TextInput.hasControlCharacters(text)
    }

    /// `text` without the whitespace around it.
    public static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
