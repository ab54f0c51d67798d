/// The brief's password rule: at least 8 characters, at least one of them special.
///
/// Characters are counted as a person sees them (an emoji with modifiers is one; a space is one). A special character
/// is one that is neither a letter, nor a digit, nor whitespace: punctuation, a symbol, an emoji.
public enum PasswordRule {
    /// The fewest characters.
    public static let minimumLength = 8

    /// Whether `password` follows the rule.
    public static func isSatisfied(by password: String) -> Bool {
        password.count >= minimumLength && password.contains(where: isSpecial)
    }

    /// Whether `character` counts as special.
    public static func isSpecial(_ character: Character) -> Bool {
        !(character.isLetter || character.isNumber || character.isWhitespace)
    }
}
