import Foundation
import KernelText

/// What a person submitted for a task, as raw text from a form or the command line.
public struct TaskDraft: Sendable, Hashable, Codable {
    /// The task's name.
    public var name: String
    /// When work starts: `yyyy-MM-ddTHH:mm`, or a day alone (its midnight).
    public var start: String
    /// How the length is given: `none`, `end`, `hours` or `days`.
    public var lengthKind: String
    /// The end, for `end`.
    public var end: String
    /// The number of hours or days, for `hours` and `days`.
    public var amount: String
    /// Notes.
    public var notes: String
    /// The task's own due date, or empty.
    public var due: String
    /// How far along, 0–100.
    public var percent: String
    /// The reminder: `off`, `before` (a lead time before the task's due date) or `at`.
    public var reminder: String
    /// The lead time's amount, for `before`.
    public var reminderAmount: String
    /// The lead time's unit: `minutes`, `hours` or `days`.
    public var reminderUnit: String
    /// The reminder's time, for `at`.
    public var reminderAt: String

    /// A draft from raw text.
    public init(
        name: String = "",
        start: String = "",
        lengthKind: String = "none",
        end: String = "",
        amount: String = "",
        notes: String = "",
        due: String = "",
        percent: String = "0",
        reminder: String = "off",
        reminderAmount: String = "",
        reminderUnit: String = "days",
        reminderAt: String = ""
    ) {
        self.name = name
        self.start = start
        self.lengthKind = lengthKind
        self.end = end
        self.amount = amount
        self.notes = notes
        self.due = due
        self.percent = percent
        self.reminder = reminder
        self.reminderAmount = reminderAmount
        self.reminderUnit = reminderUnit
        self.reminderAt = reminderAt
    }
}

/// The fields of the task form, in form order.
public enum TaskField: String, Sendable, Hashable, Codable, CaseIterable {
    case name, start, length, notes, due, percent, reminder
}

/// The checked values of a task, ready to store.
public struct TaskInput: Sendable, Hashable {
    public let name: String
    public let startAt: Date
    public let length: TaskLength
    public let notes: String
    public let dueAt: Date?
    public let percent: Int
    public let reminder: Reminder
}

/// The rules a task follows (R2, R4, R6, R9).
public enum TaskValidation {
    /// The longest name, in characters.
    public static let maxNameLength = 200
    /// The longest notes, in characters.
    public static let maxNotesLength = 5_000
    /// The longest length in hours: ten years.
    public static let maxHours = 87_840.0
    /// The longest length in days: ten years.
    public static let maxDays = 3_660.0

    /// Checks a draft read in `timeZone`: the values, or a sentence for every refused field.
    public static func validate(_ draft: TaskDraft, in timeZone: TimeZone) -> Result<TaskInput, FieldErrors<TaskField>> {
        var messages: [TaskField: String] = [:]
        let name = TextRules.line(draft.name, label: "name", required: "Give the task a name.", maxCharacters: maxNameLength)
        if case .failure(let message) = name { messages[.name] = message.text }
        let startText = draft.start.trimmingWhitespace()
        let start = LocalDateTime.parse(startText, in: timeZone, allowDayAlone: true)
        if startText.isEmpty {
            messages[.start] = "Give the start date, like 4 January 2027, or with a time, 4 January 2027, 09:00."
        } else if start == nil {
            messages[.start] = "Use a real start date, like 4 January 2027, or with a time, 4 January 2027, 09:00."
        }
        var length = TaskLength.unknown
        switch draft.lengthKind.trimmingWhitespace() {
        case "", "none":
            break
        case "end":
            let endText = draft.end.trimmingWhitespace()
            if let end = LocalDateTime.parse(endText, in: timeZone, allowDayAlone: true) {
                if let start, end <= start {
                    messages[.length] = "The end must come after the start."
                } else if let start, end.timeIntervalSince(start) > maxDays * 86_400 {
                    messages[.length] = "Keep the task under ten years long."
                } else {
                    length = .until(end)
                }
            } else {
                messages[.length] = "Give the end date, like 8 January 2027, or with a time, 8 January 2027, 17:00."
            }
        case "hours":
            if let hours = TextRules.amount(draft.amount, maximum: maxHours) {
                length = .hours(hours)
            } else {
                messages[.length] = "Give the length in hours as a number above 0, like 1.5 (up to two decimals)."
            }
        case "days":
            if let days = TextRules.amount(draft.amount, maximum: maxDays) {
                length = .days(days)
            } else {
                messages[.length] = "Give the length in days as a number above 0, like 3 or 0.5 (up to two decimals)."
            }
        default:
            messages[.length] = "Choose an end date, hours, days or no length."
        }
        let notes = TextRules.notes(draft.notes, maxCharacters: maxNotesLength)
        if case .failure(let message) = notes { messages[.notes] = message.text }
        var due: Date?
        let dueText = draft.due.trimmingWhitespace()
        if !dueText.isEmpty {
            due = LocalDateTime.parse(dueText, in: timeZone, allowDayAlone: true)
            if due == nil {
                messages[.due] = "Use a real due date, like 10 January 2027, 17:00, or leave it empty."
            } else if let start, let due, due < start {
                messages[.due] = "The due date can’t be before the start."
            }
        }
        let percent = TextRules.wholeNumber(draft.percent.trimmingWhitespace().isEmpty ? "0" : draft.percent, in: 0...100)
        if percent == nil { messages[.percent] = "Give the percent complete as a whole number from 0 to 100." }
        let reminder = ReminderDraft(kind: draft.reminder, amount: draft.reminderAmount, unit: draft.reminderUnit, at: draft.reminderAt)
            .reminder(in: timeZone)
        if case .failure(let message) = reminder {
            messages[.reminder] = message.text
        } else if case .success(.before) = reminder, due == nil, messages[.due] == nil {
            messages[.reminder] = "A reminder before the due date needs a due date: give one, or pick a set time."
        }

        guard messages.isEmpty, case .success(let name) = name, let start, case .success(let notes) = notes, let percent,
            case .success(let reminder) = reminder
        else { return .failure(FieldErrors(messages: messages)) }
        return .success(
            TaskInput(name: name, startAt: start, length: length, notes: notes, dueAt: due, percent: percent, reminder: reminder)
        )
    }
}
