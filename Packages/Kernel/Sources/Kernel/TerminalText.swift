import Foundation

extension String {
    /// The text with control characters removed, so a stored value printed by a CLI command cannot move the cursor
    /// or change colours in a terminal.
    public var terminalSafe: String {
        String(String.UnicodeScalarView(unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }))
    }

    /// The text as ``terminalSafe``, keeping its line breaks (a CR LF or a lone CR reads as one), each line after the
    /// first indented by `indent`: for notes a person wrote on several lines.
    public func terminalSafeLines(indent: String) -> String {
        replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).terminalSafe }
            .joined(separator: "\n" + indent)
    }
}
