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

    /// The assignment form, filled with what was sent (a date-time as answers give it, as the form's field would).
    static func draft(_ sent: Components.Schemas.AssignmentDraft, in timeZone: TimeZone) -> AssignmentDraft {
        let reminder = reminderFields(sent.reminder, in: timeZone)
        return AssignmentDraft(
            module: sent.module,
            level: String(sent.level.rawValue),
            name: sent.name,
            value: String(sent.value),
            mark: sent.mark.map(String.init) ?? "",
            due: local(sent.due, in: timeZone),
            notes: sent.notes ?? "",
            reminder: reminder.kind,
            reminderAmount: reminder.amount,
            reminderUnit: "minutes",
            reminderAt: reminder.at
        )
    }

    /// The task form, filled with what was sent (a date-time as answers give it, as the form's field would).
    static func draft(_ sent: Components.Schemas.AssignmentTaskDraft, in timeZone: TimeZone) -> TaskDraft {
        let reminder = reminderFields(sent.reminder, in: timeZone)
        return TaskDraft(
            name: sent.name,
            start: local(sent.start, in: timeZone),
            lengthKind: sent.length?.kind.rawValue ?? "none",
            end: local(sent.length?.end ?? "", in: timeZone),
            amount: sent.length?.amount.map { String($0) } ?? "",
            notes: sent.notes ?? "",
            due: local(sent.due ?? "", in: timeZone),
            percent: sent.percent.map(String.init) ?? "0",
            reminder: reminder.kind,
            reminderAmount: reminder.amount,
            reminderUnit: "minutes",
            reminderAt: reminder.at
        )
    }

    private static func reminderFields(
        _ sent: Components.Schemas.ReminderDraft?,
        in timeZone: TimeZone
    ) -> (kind: String, amount: String, at: String) {
        guard let sent else { return ("off", "", "") }
        return (sent.kind.rawValue, sent.minutes.map(String.init) ?? "", local(sent.at ?? "", in: timeZone))
    }

    /// `text` as the form's field would hold it: an RFC 3339 date-time with an offset (as answers give dates) becomes
    /// the same moment in `timeZone`, `yyyy-MM-ddTHH:mm`; anything else is left for the form's rules to judge.
    static func local(_ text: String, in timeZone: TimeZone) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count > 19 else { return text }
        let date =
            (try? Date(trimmed, strategy: .iso8601))
            ?? (try? Date(trimmed, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        return date.map { LocalDateTime.format($0, in: timeZone) } ?? text
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
}
