import Foundation
import KernelText

/// The sign-up form of the brief's task 2 as typed: first name, last name, date of birth and password.
public struct SignupDraft: Sendable, Hashable {
    public var firstName: String
    public var lastName: String
    public var dateOfBirth: String
    public var password: String

    public init(firstName: String = "", lastName: String = "", dateOfBirth: String = "", password: String = "") {
        self.firstName = firstName
        self.lastName = lastName
        self.dateOfBirth = dateOfBirth
        self.password = password
    }

    /// The form's fields, in order.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case firstName, lastName, dateOfBirth, password
    }

    /// The fewest and most characters of a password, counted as a person sees them.
    public static let passwordLength = 5...80
    /// The most bytes a name may take (UTF-8).
    public static let maxNameBytes = 100
    /// The most bytes a password may take (UTF-8): 80 characters of up to 4 bytes, with room for modifiers.
    public static let maxPasswordBytes = 1_024

    /// The user this form describes, or a message beside every field that needs one.
    public func validated(today: DateOfBirth) -> Result<User, Problems> {
        var problems: [Field: String] = [:]
        let first = Self.trimmed(firstName)
        let last = Self.trimmed(lastName)
        if let problem = Self.nameProblem(first, label: "first name") { problems[.firstName] = problem }
        if let problem = Self.nameProblem(last, label: "last name") { problems[.lastName] = problem }
        var birth: DateOfBirth?
        do {
            birth = try DateOfBirth.parse(dateOfBirth, today: today)
        } catch {
            problems[.dateOfBirth] = error.description
        }
        if let problem = Self.passwordProblem(password) { problems[.password] = problem }
        guard problems.isEmpty, let birth else { return .failure(Problems(byField: problems)) }
        return .success(User(firstName: first, lastName: last, dateOfBirth: birth, password: password))
    }

    /// The messages of a refused form, one per field.
    public struct Problems: Error, Sendable, Hashable {
        public let byField: [Field: String]
        public subscript(field: Field) -> String? { byField[field] }
    }

    static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    static func nameProblem(_ name: String, label: String) -> String? {
        if name.isEmpty { return "Enter your \(label)." }
        if TextInput.hasControlCharacters(name) { return "The \(label) can’t contain control characters." }
        if name.utf8.count > maxNameBytes { return "Use at most \(maxNameBytes) bytes for the \(label)." }
        return nil
    }

    /// Why `password` is refused: 5 to 80 characters as a person counts them (an emoji with modifiers is one).
    public static func passwordProblem(_ password: String) -> String? {
        if password.isEmpty { return "Choose a password." }
        if TextInput.hasControlCharacters(password) { return "The password can’t contain control characters." }
        if password.utf8.count > maxPasswordBytes || password.count > passwordLength.upperBound {
            return "Use at most \(passwordLength.upperBound) characters for the password."
        }
        if password.count < passwordLength.lowerBound {
            return "Use at least \(passwordLength.lowerBound) characters for the password."
        }
        return nil
    }
}
