import Foundation

extension String {
    /// The text with control characters removed, so a stored value printed by a CLI command cannot move the cursor
    /// or change colours in a terminal.
    public var terminalSafe: String {
        String(String.UnicodeScalarView(unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }))
    }
}
