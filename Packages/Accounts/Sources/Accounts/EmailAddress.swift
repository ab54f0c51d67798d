/// An email address as a person types it into a form: checked for shape, kept as typed (trimmed), compared by its
/// lowercased form.
public enum EmailAddress {
    private static let localSpecials = Set("!#$%&'*+/=?^_`{|}~.-")

    /// Whether `email` (already trimmed) is an address: one `@`, a local part of letters, digits and the usual
    /// symbols without leading, trailing or doubled dots (at most 64 bytes), and a domain of at least two labels of
    /// letters, digits and inner hyphens ending in a top-level name of two or more letters. Plain ASCII, at most
    /// ``TextField/maxEmailBytes`` bytes.
    public static func isValid(_ email: String) -> Bool {
        guard email.utf8.count <= TextField.maxEmailBytes, email.allSatisfy(\.isASCII) else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let local = parts[0]
        let domain = parts[1]
        guard !local.isEmpty, local.utf8.count <= 64, local.first != ".", local.last != ".", !local.contains("..")
        else { return false }
        guard local.allSatisfy({ $0.isLetter || $0.isNumber || localSpecials.contains($0) }) else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        for label in labels {
            guard !label.isEmpty, label.count <= 63, label.first != "-", label.last != "-",
                label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" })
            else { return false }
        }
        let top = labels[labels.count - 1]
        return top.count >= 2 && top.allSatisfy(\.isLetter)
    }

    /// The form two addresses are compared by: trimmed and lowercased, so `Ana@Example.com ` and `ana@example.com`
    /// are one account.
    public static func key(_ email: String) -> String {
        TextField.trimmed(email).lowercased()
    }
}
