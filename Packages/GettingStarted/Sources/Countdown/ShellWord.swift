/// Text as one word of a shell script, for the jobs ``CountdownScheduler`` hands to `at`.
enum ShellWord {
    /// `text` as one single-quoted shell word. It works on Unicode scalars, as the shell reads bytes: compared as
    /// characters, a quote followed by a combining mark would not match "'" and would be left unescaped.
    static func quoted(_ text: String) -> String {
        var word = String.UnicodeScalarView(["'"])
        for scalar in text.unicodeScalars {
            if scalar == "'" { word.append(contentsOf: "'\\''".unicodeScalars) } else { word.append(scalar) }
        }
        word.append("'")
        return String(word)
    }
}
