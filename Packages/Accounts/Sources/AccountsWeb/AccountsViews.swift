import Accounts

/// What the login page shows: what was typed (the password is never sent back) and the first problem.
struct LoginView {
    var form: LoginForm
    var problem: String?
    /// The page to return to after login.
    var next: String?
    var csrfToken: String

    /// The field the problem is about, so it is marked and focused: the first empty one, else the one at fault.
    var invalidField: String? {
        guard let problem else { return nil }
        switch problem {
        case AccountMessage.allFieldsRequired:
            return TextField.trimmed(form.email).isEmpty ? "email" : "password"
        case AccountMessage.emailNotValid: return "email"
        case AccountMessage.loginPasswordRule: return "password"
        default: return "email"
        }
    }
}

/// What the sign-up page shows: everything typed but the password, and the first problem beside its field.
struct SignupView {
    var form: SignupForm
    var problem: SignupForm.Problem?
    var csrfToken: String

    /// The field the problem is marked on: for "Please complete the form", the first compulsory field left empty.
    var invalidField: SignupForm.Field? {
        guard let problem else { return nil }
        guard problem.field == .form else { return problem.field }
        if TextField.trimmed(form.email).isEmpty { return .email }
        if form.password.isEmpty { return .password }
        return .mobile
    }
}

/// What Home shows.
struct HomeView {
    var account: Account
    /// Whether the number dialog is open.
    var editing: Bool
    /// The number as typed in the dialog, when it was refused.
    var mobileTyped: String?
    var mobileProblem: String?
    var deleteProblem: String?
    var csrfToken: String
}
