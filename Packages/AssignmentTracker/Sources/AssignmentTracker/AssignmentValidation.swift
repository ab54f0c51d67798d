import Foundation
import KernelText

/// What a person submitted for an assignment, as raw text from a form or the command line.
public struct AssignmentDraft: Sendable, Hashable, Codable {
    /// The module's name.
    public var module: String
    /// The level: `4`, `5`, `6` or `7`.
    public var level: String
    /// The assignment's name.
    public var name: String
    /// Its value, a percentage of the module.
    public var value: String
    /// The mark awarded, or empty for none.
    public var mark: String
    /// The due date and time, `yyyy-MM-ddTHH:mm` in local time.
    public var due: String
    /// Notes.
    public var notes: String
    /// The reminder: `off`, `before` (a lead time) or `at` (a set time).
    public var reminder: String
    /// The lead time's amount, for `before`.
    public var reminderAmount: String
    /// The lead time's unit: `minutes`, `hours` or `days`.
    public var reminderUnit: String
    /// The reminder's time, for `at`.
    public var reminderAt: String

    /// A draft from raw text; everything empty and the reminder off unless given.
    public init(
        module: String = "",
        level: String = "",
        name: String = "",
        value: String = "",
        mark: String = "",
        due: String = "",
        notes: String = "",
        reminder: String = "off",
        reminderAmount: String = "",
        reminderUnit: String = "days",
        reminderAt: String = ""
    ) {
        self.module = module
        self.level = level
        self.name = name
        self.value = value
        self.mark = mark
        self.due = due
        self.notes = notes
        self.reminder = reminder
        self.reminderAmount = reminderAmount
        self.reminderUnit = reminderUnit
        self.reminderAt = reminderAt
    }
}

/// The fields of the assignment form, in form order.
public enum AssignmentField: String, Sendable, Hashable, Codable, CaseIterable {
    case module, level, name, value, mark, due, notes, reminder
}

/// The checked values of an assignment, ready to store.
public struct AssignmentInput: Sendable, Hashable {
    public let module: String
    public let level: Int
    public let name: String
    public let value: Int
    public let mark: Int?
    public let dueAt: Date
    public let notes: String
    public let reminder: Reminder
}

/// The rules an assignment follows (R1, R3, R5, R10).
public enum AssignmentValidation {
    /// The longest module name, in characters.
    public static let maxModuleLength = 100
    /// The longest assignment name, in characters.
    public static let maxNameLength = 200
    /// The longest notes, in characters.
    public static let maxNotesLength = 5_000
    /// The levels of study: 4 to 7.
    public static let levels = [4, 5, 6, 7]

    /// Checks a draft read in `timeZone`: the values, or a sentence for every refused field.
    public static func validate(_ draft: AssignmentDraft, in timeZone: TimeZone) -> Result<AssignmentInput, FieldErrors<AssignmentField>> {
        var messages: [AssignmentField: String] = [:]
        let module = TextRules.line(
            draft.module,
            label: "module",
            required: "Name the module, like “Mobile Development”.",
            maxCharacters: maxModuleLength
        )
        if case .failure(let message) = module { messages[.module] = message.text }
        let level = TextRules.wholeNumber(draft.level, in: 4...7, allowPercentSign: false)
        if level == nil { messages[.level] = "Choose level 4, 5, 6 or 7." }
        let name = TextRules.line(draft.name, label: "name", required: "Give the assignment a name.", maxCharacters: maxNameLength)
        if case .failure(let message) = name { messages[.name] = message.text }
        let value = TextRules.wholeNumber(draft.value, in: 0...100)
        if value == nil {
            messages[.value] = "Give the value as a whole percentage of the module, from 0 to 100."
        }
        let mark = self.mark(draft.mark)
        if case .failure(let message) = mark { messages[.mark] = message.text }
        let dueText = draft.due.trimmingWhitespace()
        let due = LocalDateTime.parse(dueText, in: timeZone)
        if dueText.isEmpty {
            messages[.due] = "Give the due date and time, like 15 January 2027, 17:00."
        } else if due == nil {
            messages[.due] = "Use a real date and time, like 15 January 2027, 17:00."
        }
        let notes = TextRules.notes(draft.notes, maxCharacters: maxNotesLength)
        if case .failure(let message) = notes { messages[.notes] = message.text }
        let reminder = ReminderDraft(kind: draft.reminder, amount: draft.reminderAmount, unit: draft.reminderUnit, at: draft.reminderAt)
            .reminder(in: timeZone)
        if case .failure(let message) = reminder { messages[.reminder] = message.text }

        guard messages.isEmpty, case .success(let module) = module, let level, case .success(let name) = name, let value,
            case .success(let mark) = mark,
            let due, case .success(let notes) = notes, case .success(let reminder) = reminder
        else { return .failure(FieldErrors(messages: messages)) }
        return .success(
            AssignmentInput(
                module: module,
                level: level,
                name: name,
                value: value,
                mark: mark,
                dueAt: due,
                notes: notes,
                reminder: reminder
            )
        )
    }
}

extension AssignmentValidation {
    /// The mark as typed (R10): a whole number from 0 to 100 (a trailing `%` allowed), or empty for none.
    public static func mark(_ raw: String) -> Result<Int?, FieldMessage> {
        guard !raw.trimmingWhitespace().isEmpty else { return .success(nil) }
        guard let mark = TextRules.wholeNumber(raw, in: 0...100) else {
            return .failure(FieldMessage("Give the mark as a whole number from 0 to 100, or leave it empty."))
        }
        return .success(mark)
    }
}

/// A reminder as a form gives it: a kind, a lead time's amount and unit, or a time.
struct ReminderDraft {
    var kind: String
    var amount: String
    var unit: String
    var at: String

    init(kind: String, amount: String, unit: String, at: String) {
        self.kind = kind
        self.amount = amount
        self.unit = unit
        self.at = at
    }

    init(_ reminder: Reminder, in timeZone: TimeZone) {
        kind = reminder.kind
        amount = reminder.leadTime.map { String($0.amount) } ?? ""
        unit = reminder.leadTime?.unit ?? "days"
        at = reminder.date.map { LocalDateTime.format($0, in: timeZone) } ?? ""
    }

    /// The longest lead time: a year.
    static let maxLeadMinutes = 366 * 1_440

    func reminder(in timeZone: TimeZone) -> Result<Reminder, FieldMessage> {
        switch kind.trimmingWhitespace() {
        case "", "off":
            return .success(.off)
        case "before":
            let perUnit: Int
            switch unit.trimmingWhitespace() {
            case "minutes": perUnit = 1
            case "hours": perUnit = 60
            case "days": perUnit = 1_440
            default: return .failure(FieldMessage("Choose minutes, hours or days for the reminder."))
            }
            guard let amount = TextRules.wholeNumber(amount, in: 1...(Self.maxLeadMinutes / perUnit), allowPercentSign: false) else {
                return .failure(FieldMessage("Give how long before as a whole number, from 1 up to a year."))
            }
            return .success(.before(minutes: amount * perUnit))
        case "at":
            guard let date = LocalDateTime.parse(at.trimmingWhitespace(), in: timeZone) else {
                return .failure(FieldMessage("Give the reminder’s date and time, like 14 January 2027, 09:00."))
            }
            return .success(.at(date))
        default:
            return .failure(FieldMessage("Choose no reminder, a time before, or a set time."))
        }
    }
}
