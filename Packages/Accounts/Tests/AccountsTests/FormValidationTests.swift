import Testing

@testable import Accounts

@Suite("Login and sign-up validation")
struct FormValidationTests {
    static let good = SignupForm(
        email: "ana@example.com",
        password: "secret!word",
        firstName: "Ana",
        lastName: "Lim",
        mobile: "012-345 6789",
        gender: "female"
    )

    static func signupMessage(_ change: (inout SignupForm) -> Void) -> String? {
        var form = good
        change(&form)
        do {
            _ = try form.validated()
            return nil
        } catch {
            return error.message
        }
    }

    @Test("login: every message of the brief, character for character, with its trigger")
    func loginMessages() {
        #expect(LoginForm(email: "", password: "secret!word").problem == "All fields are required")
        #expect(LoginForm(email: "ana@example.com", password: "").problem == "All fields are required")
        #expect(LoginForm(email: "   ", password: "x").problem == "All fields are required")
        #expect(LoginForm(email: "ana@", password: "secret!word").problem == "Email is not valid")
        #expect(
            LoginForm(email: "ana@example.com", password: "short!").problem
                == "Password should contain one special character and minimum 8 characters required"
        )
        #expect(
            LoginForm(email: "ana@example.com", password: "longenough1").problem
                == "Password should contain one special character and minimum 8 characters required"
        )
        #expect(LoginForm(email: " Ana@Example.com ", password: "secret!word").problem == nil)
    }

    @Test("login: checks run in order, the first failing one shown")
    func loginOrder() {
        #expect(LoginForm(email: "not an email", password: "").problem == "All fields are required")
        #expect(LoginForm(email: "not an email", password: "short").problem == "Email is not valid")
    }

    @Test("sign up: every message of the brief, character for character, with its trigger")
    func signupMessages() {
        #expect(Self.signupMessage { _ in } == nil)
        #expect(Self.signupMessage { $0.email = "" } == "Please complete the form")
        #expect(Self.signupMessage { $0.password = "" } == "Please complete the form")
        #expect(Self.signupMessage { $0.mobile = "  " } == "Please complete the form")
        #expect(Self.signupMessage { $0.email = "ana.example.com" } == "Email is not valid")
        #expect(
            Self.signupMessage { $0.password = "nospecial1" }
                == "Password should contain one special character and minimum 8 character required"
        )
        #expect(Self.signupMessage { $0.mobile = "03-2385 6789" } == "Mobile number is not valid")
        #expect(Self.signupMessage { $0.gender = "" } == "Please select a gender")
        #expect(Self.signupMessage { $0.gender = "other" } == "Please select a gender")
    }

    @Test("sign up: the names are optional; checks run in the brief's order")
    func signupOrder() {
        #expect(
            Self.signupMessage {
                $0.firstName = ""
                $0.lastName = ""
            } == nil
        )
        #expect(
            Self.signupMessage {
                $0.email = ""
                $0.gender = ""
            } == "Please complete the form"
        )
        #expect(
            Self.signupMessage {
                $0.email = "bad"
                $0.password = "bad"
            } == "Email is not valid"
        )
        #expect(
            Self.signupMessage {
                $0.password = "bad"
                $0.mobile = "123"
            }
                == "Password should contain one special character and minimum 8 character required"
        )
        #expect(
            Self.signupMessage {
                $0.mobile = "123"
                $0.gender = ""
            } == "Mobile number is not valid"
        )
    }

    @Test("sign up: names and emails kept as typed but trimmed, the number in E.164")
    func valid() throws {
        var form = Self.good
        form.email = "  Ana@Example.com "
        form.firstName = "  Ána <b> "
        let valid = try form.validated()
        #expect(valid.email == "Ana@Example.com")
        #expect(valid.firstName == "Ána <b>")
        #expect(valid.mobile.e164 == "+60123456789")
        #expect(valid.gender == .female)
        #expect(EmailAddress.key("  Ana@Example.COM ") == "ana@example.com")
    }

    @Test("every text field refuses control characters and caps its bytes, with a clear message")
    func limits() {
        #expect(Self.signupMessage { $0.firstName = "Ana\u{0}" } == "The first name can’t contain control characters")
        #expect(Self.signupMessage { $0.lastName = "Lim\u{1B}[31m" } == "The last name can’t contain control characters")
        #expect(Self.signupMessage { $0.firstName = String(repeating: "é", count: 51) } == "Use at most 100 bytes for the first name")
        #expect(Self.signupMessage { $0.firstName = String(repeating: "e", count: 100) } == nil)
        #expect(Self.signupMessage { $0.password = "secret!\u{7}word" } == "The password can’t contain control characters")
        #expect(Self.signupMessage { $0.password = "!" + String(repeating: "a", count: 72) } == "Use at most 72 bytes for the password")
        #expect(Self.signupMessage { $0.email = "ana\u{0}@example.com" } == "Email is not valid")
        #expect(Self.signupMessage { $0.mobile = "012\u{0}3456789" } == "Mobile number is not valid")
    }

    @Test(
        "email: the shapes people type",
        arguments: [
            ("ana@example.com", true), ("ana.lim+atelier@mail.example.my", true), ("a_b-c@ex-ample.co", true),
            ("ANA@EXAMPLE.COM", true), ("o'neil@example.ie", true),
            ("ana", false), ("ana@", false), ("@example.com", false), ("ana@example", false), ("ana@@example.com", false),
            ("ana@exa mple.com", false), ("ana lim@example.com", false), (".ana@example.com", false),
            ("ana.@example.com", false), ("an..a@example.com", false), ("ana@-example.com", false),
            ("ana@example-.com", false), ("ana@example.c", false), ("ana@example.c0m", false), ("ana@example..com", false),
            ("ána@example.com", false), ("ana@exämple.com", false), ("<script>@example.com", false),
        ]
    )
    func email(_ email: String, _ valid: Bool) {
        #expect(EmailAddress.isValid(email) == valid)
    }

    @Test("email: at most 254 bytes, the local part at most 64")
    func emailLength() {
        #expect(EmailAddress.isValid(String(repeating: "a", count: 64) + "@example.com"))
        #expect(!EmailAddress.isValid(String(repeating: "a", count: 65) + "@example.com"))
        let long =
            String(repeating: "a", count: 60) + "@" + Array(repeating: String(repeating: "b", count: 60), count: 4).joined(separator: ".")
            + ".com"
        #expect(!EmailAddress.isValid(long))
    }

    @Test("password: 8 characters as a person counts them, one of them special; spaces count, but are not special")
    func password() {
        #expect(PasswordRule.isSatisfied(by: "abcdefg!"))
        #expect(!PasswordRule.isSatisfied(by: "abcdef!"))
        #expect(!PasswordRule.isSatisfied(by: "abcdefgh"))
        #expect(!PasswordRule.isSatisfied(by: "abcd efgh"), "a space is not a special character")
        #expect(PasswordRule.isSatisfied(by: "abc def!"), "a space counts towards the length")
        // Seven characters a person sees, though many more scalars and bytes: too short.
        #expect(!PasswordRule.isSatisfied(by: "abcdef👍🏽"))
        #expect(PasswordRule.isSatisfied(by: "abcdefg👍🏽"), "an emoji with a modifier is one special character")
        // é written as e and a combining accent: one character each.
        #expect(!PasswordRule.isSatisfied(by: String(repeating: "e\u{301}", count: 6) + "!"))
        #expect(PasswordRule.isSatisfied(by: String(repeating: "e\u{301}", count: 7) + "!"))
        #expect(PasswordRule.isSatisfied(by: "пароль12#"))
        #expect(PasswordRule.isSatisfied(by: "١٢٣٤٥٦٧٨-"), "Arabic-Indic digits are digits, the dash is special")
    }
}

@Suite("Text field limits")
struct TextFieldTests {
    @Test("control characters are refused; an emoji's zero-width joiner and variation selectors are not")
    func controls() {
        for text in ["a\u{0}b", "a\nb", "a\u{1B}b", "a\u{7F}b", "a\u{85}b"] { #expect(TextField.hasControlCharacters(text)) }
        for text in ["👩\u{200D}👩\u{200D}👧", "☺\u{FE0E}", "Ana Lim"] { #expect(!TextField.hasControlCharacters(text)) }
    }
}

@Suite("Sign-up checked as the person goes")
struct SignupFieldProblemTests {
    @Test("each filled field has its own problem in Sign up's words; an empty field has none until Sign up")
    func fieldProblems() {
        #expect(SignupForm().fieldProblems.isEmpty)
        let form = SignupForm(email: "ana@", password: "short", firstName: "Ana", mobile: "011-123 4567", gender: "x")
        #expect(form.fieldProblems[.email] == AccountMessage.emailNotValid)
        #expect(form.fieldProblems[.password] == AccountMessage.signupPasswordRule)
        #expect(form.fieldProblems[.mobile] == AccountMessage.mobileNotValid)
        #expect(form.fieldProblems[.gender] == AccountMessage.selectGender)
        #expect(form.fieldProblems[.firstName] == nil && form.fieldProblems[.lastName] == nil)
        let right = SignupForm(email: "ana@example.com", password: "secret!word", mobile: "012 345 6789", gender: "female")
        #expect(right.fieldProblems.isEmpty)
        #expect((try? right.validated()) != nil)
    }
}
