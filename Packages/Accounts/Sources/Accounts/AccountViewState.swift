/// What the login screen shows: what was typed (the password is never sent back) and the first problem. The view
/// renders this and decides nothing.
public struct LoginView: Sendable {
    public var form: LoginForm
    public var problem: String?
    /// The page to return to after login.
    public var next: String?
    public var csrfToken: String

    public init(form: LoginForm, problem: String?, next: String?, csrfToken: String) {
        self.form = form
        self.problem = problem
        self.next = next
        self.csrfToken = csrfToken
    }

    /// The field the problem is about, so it is marked and focused: the first empty one, else the one at fault.
    public var invalidField: String? {
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

/// What the sign-up screen shows: everything typed but the password, and the first problem beside its field.
public struct SignupView: Sendable {
    public var form: SignupForm
    public var problem: SignupForm.Problem?
    public var csrfToken: String

    public init(form: SignupForm, problem: SignupForm.Problem?, csrfToken: String) {
        self.form = form
        self.problem = problem
        self.csrfToken = csrfToken
    }

    /// The field the problem is marked on: for "Please complete the form", the first compulsory field left empty.
    public var invalidField: SignupForm.Field? {
        guard let problem else { return nil }
        guard problem.field == .form else { return problem.field }
        if TextField.trimmed(form.email).isEmpty { return .email }
        if form.password.isEmpty { return .password }
        return .mobile
    }
}

/// What Home shows.
public struct HomeView: Sendable {
    public var account: Account
    /// Whether the number dialog is open.
    public var editing: Bool
    /// Whether the page comes back from the dialog having saved, so focus goes back to Edit.
    public var returning: Bool
    /// The number as typed in the dialog, when it was refused.
    public var mobileTyped: String?
    public var mobileProblem: String?
    public var deleteProblem: String?
    /// Why Change password was refused: the field it marks (`current` or `password`) and the message.
    public var passwordProblem: PasswordProblem?
    public var csrfToken: String

    /// A refused password change.
    public struct PasswordProblem: Sendable {
        /// The field the problem is shown beside: `current` or `password`.
        public var field: String
        /// What is wrong.
        public var message: String

        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    public init(
        account: Account,
        editing: Bool = false,
        returning: Bool = false,
        mobileTyped: String? = nil,
        mobileProblem: String? = nil,
        deleteProblem: String? = nil,
        passwordProblem: PasswordProblem? = nil,
        csrfToken: String
    ) {
        self.account = account
        self.editing = editing
        self.returning = returning
        self.mobileTyped = mobileTyped
        self.mobileProblem = mobileProblem
        self.deleteProblem = deleteProblem
        self.passwordProblem = passwordProblem
        self.csrfToken = csrfToken
    }

    /// The number the dialog's field holds: what was typed when it was refused, else the current one.
    public var dialogNumber: String { mobileTyped ?? account.mobileNational }
}

/// What the image grid shows: the images, and why they may be stale or missing (then the page offers Retry).
public struct ImageListing: Sendable {
    public var items: [ImageItem]
    public var problem: String?

    public init(items: [ImageItem], problem: String? = nil) {
        self.items = items
        self.problem = problem
    }
}
