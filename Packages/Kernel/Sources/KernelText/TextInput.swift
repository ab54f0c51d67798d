/// The rules every feature's text fields share: trimming, control characters, and caps on characters and bytes,
/// each refused with a sentence that says what to change.
public enum TextInput {
    /// The most UTF-8 bytes a character may take on average. An emoji sequence takes up to about 30 (🧑🏽‍🚀 takes 15);
    /// a "character" carrying thousands of combining marks counts as one, so a field's cap holds on bytes too.
    public static let bytesPerCharacter = 32

    /// Whether `text` holds a control character (NUL, a line break, an escape, DEL, C1 controls: Unicode's `Cc`).
    /// Format characters are not refused: a zero-width joiner is part of many emoji.
    public static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// Whether `text` holds a control character other than a line break or a tab (what notes may hold).
    public static func hasControlCharactersBesideLineBreaks(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control && !["\n", "\r", "\t"].contains($0) }
    }

    /// What is wrong with a one-line field's text (already trimmed), or nil: a control character, or a cap.
    public static func lineProblem(_ text: String, label: String, maxCharacters: Int) -> String? {
        if hasControlCharacters(text) {
            return "The \(label) can’t contain control characters (such as a line break or NUL)."
        }
        return capProblem(text, label: label, maxCharacters: maxCharacters)
    }

    /// What is wrong with a notes field's text (already trimmed at the end), or nil: a control character other than
    /// line breaks and tabs, or a cap.
    public static func notesProblem(_ text: String, label: String, maxCharacters: Int) -> String? {
        if hasControlCharactersBesideLineBreaks(text) {
            return "The \(label) can’t contain control characters other than line breaks and tabs."
        }
        return capProblem(text, label: label, maxCharacters: maxCharacters)
    }

    /// Whether `text` is over `maxCharacters` characters, or over ``bytesPerCharacter`` times as many UTF-8 bytes.
    public static func capProblem(_ text: String, label: String, maxCharacters: Int) -> String? {
        let characters = text.count
        if characters > maxCharacters {
            return "Keep the \(label) to \(grouped(maxCharacters)) characters (this has \(grouped(characters)))."
        }
        let bytes = text.utf8.count
        let maxBytes = maxCharacters * bytesPerCharacter
        if bytes > maxBytes {
            return "The \(label) carries too many accents or symbols to store (\(grouped(bytes)) bytes; the limit is \(grouped(maxBytes)))."
        }
        return nil
    }

    /// `2,345`, the same on every platform and in every locale.
    public static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}

extension String {
    /// The text without whitespace (line breaks included) at either end.
    public func trimmingWhitespace() -> String {
        String(trimmingTrailingWhitespace().drop(while: \.isWhitespace))
    }

    /// The text without whitespace (line breaks included) at its end: notes keep their leading indentation.
    public func trimmingTrailingWhitespace() -> String {
        var end = endIndex
        while end > startIndex {
            let previous = index(before: end)
            guard self[previous].isWhitespace else { break }
            end = previous
        }
        return String(self[..<end])
    }
}
