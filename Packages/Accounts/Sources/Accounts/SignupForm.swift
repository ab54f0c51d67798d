/// The sign-up form as typed, and its checks in the brief's order.
public struct SignupForm: Sendable, Hashable {
    public var email: String
    public var password: String
    public var firstName: String
    public var lastName: String
    public var mobile: String
    /// The chosen value of the drop-down; empty for the "Select…" placeholder.
    public var gender: String

    /// A form holding what was typed.
    public init(
        email: String = "",
        password: String = "",
        firstName: String = "",
        lastName: String = "",
        mobile: String = "",
        gender: String = ""
    ) {
        self.email = email
        self.password = password
        self.firstName = firstName
        self.lastName = lastName
        self.mobile = mobile
        self.gender = gender
    }

    /// Which field a problem belongs to, so the page can show it beside that field.
    public enum Field: String, Sendable, Hashable {
        case form, email, password, firstName, lastName, mobile, gender
    }

    /// A refused form: the first failing check's message and the field it is about.
    public struct Problem: Error, Sendable, Hashable {
        public let field: Field
        public let message: String

        public init(_ field: Field, _ message: String) {
            self.field = field
            self.message = message
        }
    }

    /// What a valid form stores.
    public struct Valid: Sendable, Hashable {
        public let email: String
        public let password: String
        public let firstName: String
        public let lastName: String
        public let mobile: MalaysianMobile
        public let gender: Gender
    }

    /// The form's values checked in the brief's order (the duplicate email is checked by the store, last):
    /// a compulsory field empty, the email, the password, the mobile number, the gender; then the limits every field
    /// has (no control characters, a length in bytes).
    public func validated() throws(Problem) -> Valid {
        let email = TextField.trimmed(self.email)
        let mobileText = TextField.trimmed(mobile)
        if email.isEmpty || password.isEmpty || mobileText.isEmpty { throw Problem(.form, AccountMessage.completeTheForm) }
        if TextField.hasControlCharacters(email) || !EmailAddress.isValid(email) {
            throw Problem(.email, AccountMessage.emailNotValid)
        }
        if !PasswordRule.isSatisfied(by: password) { throw Problem(.password, AccountMessage.signupPasswordRule) }
        guard let number = MalaysianMobile(mobileText) else { throw Problem(.mobile, AccountMessage.mobileNotValid) }
        guard let gender = Gender(rawValue: gender) else { throw Problem(.gender, AccountMessage.selectGender) }
        if TextField.hasControlCharacters(password) {
            throw Problem(.password, "The password can’t contain control characters")
        }
        if password.utf8.count > TextField.maxPasswordBytes {
            throw Problem(.password, "Use at most \(TextField.maxPasswordBytes) bytes for the password")
        }
        let firstName = try Self.name(self.firstName, field: .firstName, label: "first name")
        let lastName = try Self.name(self.lastName, field: .lastName, label: "last name")
        return Valid(
            email: email,
            password: password,
            firstName: firstName,
            lastName: lastName,
            mobile: number,
            gender: gender
        )
    }

    private static func name(_ raw: String, field: Field, label: String) throws(Problem) -> String {
        let name = TextField.trimmed(raw)
        if TextField.hasControlCharacters(name) { throw Problem(field, "The \(label) can’t contain control characters") }
        if name.utf8.count > TextField.maxNameBytes {
            throw Problem(field, "Use at most \(TextField.maxNameBytes) bytes for the \(label)")
        }
        return name
    }
}
