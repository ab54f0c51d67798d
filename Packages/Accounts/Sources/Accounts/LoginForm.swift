/// The login form as typed, and its checks in the brief's order.
public struct LoginForm: Sendable, Hashable {
    /// The email as typed.
    public var email: String
    /// The password as typed (never trimmed, never shown again).
    public var password: String

    /// A form holding what was typed.
    public init(email: String = "", password: String = "") {
        self.email = email
        self.password = password
    }

    /// The first check that fails, as the brief words it, or `nil` when the form may be tried against the accounts.
    ///
    /// 1. any field empty → "All fields are required"; 2. the email malformed → "Email is not valid"; 3. the password
    /// not following the rule → "Password should contain one special character and minimum 8 characters required".
    public var problem: String? {
        let email = TextField.trimmed(self.email)
        if email.isEmpty || password.isEmpty { return AccountMessage.allFieldsRequired }
        if TextField.hasControlCharacters(email) || !EmailAddress.isValid(email) { return AccountMessage.emailNotValid }
        if !PasswordRule.isSatisfied(by: password) { return AccountMessage.loginPasswordRule }
        return nil
    }
}
