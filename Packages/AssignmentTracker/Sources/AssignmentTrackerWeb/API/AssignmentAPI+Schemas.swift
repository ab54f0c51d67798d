import AssignmentTracker
import Foundation
import KernelAPI

/// The assignment tracker's records as the API's document describes them, and the API's drafts as the forms' own
/// drafts: what a program sends is checked by the very rules a person's form is.
extension AssignmentAPI {
    static func assignment(_ assignment: Assignment) -> Components.Schemas.Assignment {
        .init(
            id: assignment.id ?? 0,
            module: assignment.module,
            level: assignment.level,
            name: assignment.name,
            value: assignment.value,
            mark: assignment.mark,
            dueAt: assignment.dueAt,
            notes: assignment.notes,
            progress: assignment.progress.percent ?? 0,
            taskCount: assignment.taskCount,
            reminder: reminder(assignment.reminder),
            etag: EntityTag.header(assignment.version)
        )
    }

    static func task(_ task: AssignmentTask) -> Components.Schemas.AssignmentTask {
        let length: Components.Schemas.AssignmentTask.LengthPayload =
            switch task.length {
            case .unknown: .init(kind: .none)
            case .until(let end): .init(kind: .end, end: end)
            case .hours(let hours): .init(kind: .hours, amount: hours)
            case .days(let days): .init(kind: .days, amount: days)
            }
        return .init(
            id: task.id ?? 0,
            assignmentId: task.assignmentID,
            name: task.name,
            startAt: task.startAt,
            length: length,
            dueAt: task.dueAt,
            percent: task.percent,
            notes: task.notes,
            reminder: reminder(task.reminder),
            etag: EntityTag.header(task.version)
        )
    }

    static func reminder(_ reminder: Reminder) -> Components.Schemas.Reminder {
        switch reminder {
        case .off: .init(kind: .off)
        case .before(let minutes): .init(kind: .before, minutes: minutes)
        case .at(let date): .init(kind: .at, at: date)
        }
    }

    /// The assignment form, filled with what was sent.
    static func draft(_ sent: Components.Schemas.AssignmentDraft) -> AssignmentDraft {
        let reminder = reminderFields(sent.reminder)
        return AssignmentDraft(
            module: sent.module,
            level: String(sent.level.rawValue),
            name: sent.name,
            value: String(sent.value),
            mark: sent.mark.map(String.init) ?? "",
            due: sent.due,
            notes: sent.notes ?? "",
            reminder: reminder.kind,
            reminderAmount: reminder.amount,
            reminderUnit: "minutes",
            reminderAt: reminder.at
        )
    }

    /// The task form, filled with what was sent.
    static func draft(_ sent: Components.Schemas.AssignmentTaskDraft) -> TaskDraft {
        let reminder = reminderFields(sent.reminder)
        return TaskDraft(
            name: sent.name,
            start: sent.start,
            lengthKind: sent.length?.kind.rawValue ?? "none",
            end: sent.length?.end ?? "",
            amount: sent.length?.amount.map { String($0) } ?? "",
            notes: sent.notes ?? "",
            due: sent.due ?? "",
            percent: sent.percent.map(String.init) ?? "0",
            reminder: reminder.kind,
            reminderAmount: reminder.amount,
            reminderUnit: "minutes",
            reminderAt: reminder.at
        )
    }

    private static func reminderFields(_ sent: Components.Schemas.ReminderDraft?) -> (kind: String, amount: String, at: String) {
        guard let sent else { return ("off", "", "") }
        return (sent.kind.rawValue, sent.minutes.map(String.init) ?? "", sent.at ?? "")
    }

    /// A refused form as a problem: each field's sentence, as the form shows it beside the field.
    static func refused<Field: RawRepresentable<String>>(_ title: String, _ errors: FieldErrors<Field>) -> Components.Schemas.Problem {
        .init(
            title: title,
            status: 422,
            errors: errors.fields.compactMap { field in errors[field].map { .init(field: field.rawValue, message: $0) } }
        )
    }

    static func problem(_ error: AssignmentError, status: Int) -> Components.Schemas.Problem {
        .init(title: error.description, status: status)
    }

    /// What an `If-Match` header names: nil for any version.
    static func version(_ ifMatch: String?) throws -> String? {
        switch EntityTag.condition(ifMatch) {
        case .any: nil
        case .version(let named): named
        case .none: throw APIProblem(.badRequest, title: "If-Match takes the ETag a read gave (in its quotes), or *.")
        }
    }
}
