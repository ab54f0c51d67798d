/// The messages the brief gives, character for character, and the few it leaves to the app.
public enum AccountMessage {
    /// Login: a field was left empty.
    public static let allFieldsRequired = "All fields are required"
    /// Login and sign up: the email is not an address.
    public static let emailNotValid = "Email is not valid"
    /// Login: the password does not follow the rule ("characters", plural, as the brief has it).
    public static let loginPasswordRule =
        "Password should contain one special character and minimum 8 characters required"
    /// Sign up: the password does not follow the rule ("character", singular, as the brief has it).
    public static let signupPasswordRule =
        "Password should contain one special character and minimum 8 character required"
    /// Sign up: a compulsory field was left empty.
    public static let completeTheForm = "Please complete the form"
    /// Sign up and the number dialog: not a Malaysian mobile number.
    public static let mobileNotValid = "Mobile number is not valid"
    /// Sign up: no gender chosen.
    public static let selectGender = "Please select a gender"
    /// Sign up: the email belongs to an account already.
    public static let emailExists = "Email already exists"
    /// Home: the number dialog saved.
    public static let numberEdited = "Number was edited successfully"
    /// Login: a well-formed email and password that do not belong together, said the same way whether or not the
    /// email has an account.
    public static let wrongCredentials = "Email or password is incorrect"
    /// Delete my account: the password typed to confirm was not the account's.
    public static let wrongConfirmation = "That password is not right, so the account was kept"
    /// Change password: the current password typed was not the account's.
    public static let wrongCurrentPassword = "That is not your current password, so it was not changed"
    /// Change password: the current password was left empty.
    public static let typeCurrentPassword = "Type your current password to change it"
    /// Change password: done, and every other session ended.
    public static let passwordChanged = "Your password was changed. Every other device was logged out."

    /// Login: too many failed attempts for this email or from this address.
    public static func tryAgain(in seconds: Int) -> String {
        "Too many attempts. Try again in \(seconds) s."
    }
}
