import KernelText

/// What a person submitted for a task, as raw text from a form or a command line, before any checking.
public struct TaskDraft: Sendable, Hashable, Codable {
    /// The name as typed.
    public var name: String

    /// The description as typed.
    public var details: String

    /// The day as typed, expected as `yyyy-MM-dd`.
    public var day: String

    /// Creates a draft from raw text.
    public init(name: String = "", details: String = "", day: String = "") {
        self.name = name
        self.details = details
        self.day = day
    }
}

/// The fields of a task that a person fills in, used to attach validation messages to the right field.
public enum TaskField: String, Sendable, Hashable, Codable, CaseIterable {
    /// The task's name.
    case name
    /// The task's description.
    case details
    /// The task's day.
    case day
}

/// The checked values of a task, ready to be stored: a trimmed, non-empty name and a real day, within the limits
/// set by ``TaskValidation``.
public struct TaskInput: Sendable, Hashable {
    /// The name, trimmed of surrounding whitespace, never empty.
    public let name: String

    /// The description as typed, less any trailing whitespace.
    public let details: String

    /// The day the task is for.
    public let day: TaskDay

    /// Checks and cleans values given in code, in the same way as a submitted ``TaskDraft``.
    ///
    /// - Throws: ``TaskValidationErrors`` naming each field that was refused.
    public init(name: String, details: String = "", day: TaskDay) throws(TaskValidationErrors) {
        self = try TaskValidation.input(from: TaskDraft(name: name, details: details, day: day.isoString))
    }

    init(checkedName name: String, details: String, day: TaskDay) {
        self.name = name
        self.details = details
        self.day = day
    }
}

/// The reasons a ``TaskDraft`` was refused, one message per refused field, each worded so that a person knows
/// what to change.
public struct TaskValidationErrors: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message for each refused field. Fields that were accepted have no entry.
    public let messages: [TaskField: String]

    /// Creates a set of validation errors from per-field messages.
    public init(messages: [TaskField: String]) {
        self.messages = messages
    }

    /// The message for the given field, or `nil` if that field was accepted.
    public subscript(field: TaskField) -> String? {
        messages[field]
    }

    /// The refused fields, in the order they appear on a form.
    public var fields: [TaskField] {
        TaskField.allCases.filter { messages[$0] != nil }
    }

    /// All messages, in form order, separated by spaces.
    public var description: String {
        fields.compactMap { messages[$0] }.joined(separator: " ")
    }
}

/// The rules a task must follow, and the checking of submitted drafts against them.
public enum TaskValidation {
    /// The most characters a task's name may have.
    public static let maxNameLength = 200

    /// The most characters a task's description may have.
    public static let maxDetailsLength = 2_000

    /// An example day shown in messages about dates.
    static let exampleDay = "2026-11-21"

    /// Checks a draft, returning either the cleaned values or a message for every field that was refused.
    ///
    /// - The name is trimmed of surrounding whitespace, and must then be non-empty, free of control characters and
    ///   at most ``maxNameLength`` characters (the Kernel's `TextInput` rules).
    /// - The description keeps its text as typed, less trailing whitespace, and must then hold no control character
    ///   but line breaks and tabs, and be at most ``maxDetailsLength`` characters.
    /// - The day, trimmed, must be a real day written as `yyyy-MM-dd`.
    public static func validate(_ draft: TaskDraft) -> Result<TaskInput, TaskValidationErrors> {
        var messages: [TaskField: String] = [:]

        let name = draft.name.trimmingWhitespace()
        if name.isEmpty {
            messages[.name] = "Give the task a name."
        } else if let problem = TextInput.lineProblem(name, label: "name", maxCharacters: maxNameLength) {
            messages[.name] = problem
        }

        let details = draft.details.trimmingTrailingWhitespace()
        if let problem = TextInput.notesProblem(details, label: "description", maxCharacters: maxDetailsLength) {
            messages[.details] = problem
        }

        let dayText = draft.day.trimmingWhitespace()
        let day = TaskDay(isoString: dayText)
        if dayText.isEmpty {
            messages[.day] = "Give the task a date, like \(exampleDay)."
        } else if day == nil {
            messages[.day] = "Use a real date, like \(exampleDay)."
        }

        guard messages.isEmpty, let day else {
            return .failure(TaskValidationErrors(messages: messages))
        }
        return .success(TaskInput(checkedName: name, details: details, day: day))
    }

    /// Checks a draft, returning the cleaned values.
    ///
    /// - Throws: ``TaskValidationErrors`` with a message for every field that was refused.
    public static func input(from draft: TaskDraft) throws(TaskValidationErrors) -> TaskInput {
        try validate(draft).get()
    }

}
