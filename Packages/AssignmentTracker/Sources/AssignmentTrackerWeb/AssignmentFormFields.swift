import AssignmentTracker

/// The assignment form's fields; a missing one reads as empty.
struct AssignmentFormFields: Decodable {
    var module: String?
    var level: String?
    var name: String?
    var value: String?
    var mark: String?
    var due: String?
    var notes: String?
    var reminder: String?
    var reminderAmount: String?
    var reminderUnit: String?
    var reminderAt: String?

    var draft: AssignmentDraft {
        AssignmentDraft(
            module: module ?? "",
            level: level ?? "",
            name: name ?? "",
            value: value ?? "",
            mark: mark ?? "",
            due: due ?? "",
            notes: notes ?? "",
            reminder: reminder ?? "off",
            reminderAmount: reminderAmount ?? "",
            reminderUnit: reminderUnit ?? "days",
            reminderAt: reminderAt ?? ""
        )
    }
}

/// The task form's fields; a missing one reads as empty.
struct TaskFormFields: Decodable {
    var name: String?
    var start: String?
    var lengthKind: String?
    var end: String?
    var amount: String?
    var notes: String?
    var due: String?
    var percent: String?
    var reminder: String?
    var reminderAmount: String?
    var reminderUnit: String?
    var reminderAt: String?

    var draft: TaskDraft {
        TaskDraft(
            name: name ?? "",
            start: start ?? "",
            lengthKind: lengthKind ?? "none",
            end: end ?? "",
            amount: amount ?? "",
            notes: notes ?? "",
            due: due ?? "",
            percent: percent ?? "0",
            reminder: reminder ?? "off",
            reminderAmount: reminderAmount ?? "",
            reminderUnit: reminderUnit ?? "days",
            reminderAt: reminderAt ?? ""
        )
    }
}

struct MarkForm: Decodable {
    var mark: String?
}

struct PercentForm: Decodable {
    var percent: String?
}

struct ViewStateForm: Decodable {
    var archiveOpen: String?
    var scroll: String?
}
