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
        if let problem = Self.emailProblem(email) { throw Problem(.email, problem) }
        if !PasswordRule.isSatisfied(by: password) { throw Problem(.password, AccountMessage.signupPasswordRule) }
        guard let number = MalaysianMobile(mobileText) else { throw Problem(.mobile, AccountMessage.mobileNotValid) }
        guard let gender = Gender(rawValue: gender) else { throw Problem(.gender, AccountMessage.selectGender) }
        if let problem = Self.passwordLimit(password) { throw Problem(.password, problem) }
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

    /// Each field's own problem, in the same words as ``validated()``, for the fields filled in so far: what a page
    /// says beside a field as the person leaves it, before Sign up. A field left empty has none here (Sign up says the
    /// form is incomplete).
    public var fieldProblems: [Field: String] {
        var problems: [Field: String] = [:]
        let email = TextField.trimmed(self.email)
        if !email.isEmpty, let problem = Self.emailProblem(email) { problems[.email] = problem }
        if !password.isEmpty {
            if !PasswordRule.isSatisfied(by: password) {
                problems[.password] = AccountMessage.signupPasswordRule
            } else if let problem = Self.passwordLimit(password) {
                problems[.password] = problem
            }
        }
        let mobileText = TextField.trimmed(mobile)
        if !mobileText.isEmpty, MalaysianMobile(mobileText) == nil { problems[.mobile] = AccountMessage.mobileNotValid }
        if !gender.isEmpty, Gender(rawValue: gender) == nil { problems[.gender] = AccountMessage.selectGender }
        for (field, raw, label) in [(Field.firstName, firstName, "first name"), (.lastName, lastName, "last name")] {
            do throws(Problem) { _ = try Self.name(raw, field: field, label: label) } catch { problems[field] = error.message }
        }
        return problems
    }

    private static func emailProblem(_ email: String) -> String? {
        TextField.hasControlCharacters(email) || !EmailAddress.isValid(email) ? AccountMessage.emailNotValid : nil
    }

    /// The limits of a password that keeps the rule: no control characters, a length in bytes.
    private static func passwordLimit(_ password: String) -> String? {
        if TextField.hasControlCharacters(password) { return "The password can’t contain control characters" }
        if password.utf8.count > TextField.maxPasswordBytes {
            return "Use at most \(TextField.maxPasswordBytes) bytes for the password"
        }
        return nil
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
