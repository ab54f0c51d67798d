/// Rules every feature's text fields share.
public enum TextInput {
    /// Whether `text` holds a control character (NUL, a line break, an escape, DEL, C1 controls: Unicode's `Cc`).
    /// Format characters are not refused: a zero-width joiner is part of many emoji.
    public static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
