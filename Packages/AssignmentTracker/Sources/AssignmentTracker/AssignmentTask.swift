import Foundation
import GRDB
import KernelStorage

/// One task of an assignment: what to do, when it starts, how long it should take, how far along it is.
///
/// Stored in `assignments_task`; deleting an assignment deletes its tasks (a foreign key with `ON DELETE CASCADE`).
public struct AssignmentTask: Sendable, Hashable, Identifiable {
    /// The row id, `nil` until stored.
    public var id: Int64?
    /// The assignment it belongs to.
    public var assignmentID: Int64
    /// The task's name.
    public var name: String
    /// When work on it starts.
    public var startAt: Date
    /// How long it should take, as given.
    public var length: TaskLength
    /// Notes, as typed.
    public var notes: String
    /// When it is due, if it has its own due date.
    public var dueAt: Date?
    /// When to be reminded.
    public var reminder: Reminder
    /// How far along it is, 0–100.
    public var percent: Int
    /// Since when it has been behind schedule, or nil when it is not (see ``TaskSchedule``).
    public var behindSince: Date?
    /// How many times it has fallen behind: each slip is announced once.
    public var slips: Int
    /// When it was stored.
    public var createdAt: Date
    /// When it was last changed.
    public var updatedAt: Date
    /// Whose it is.
    public var owner: PersonID

    /// The planned length in seconds, or nil when not given.
    public var plannedSeconds: Int64? { length.seconds(from: startAt) }

    /// Whether it is finished.
    public var isDone: Bool { percent >= 100 }

    /// A task; stored ones come from ``AssignmentRepository``.
    public init(
        id: Int64? = nil,
        assignmentID: Int64,
        name: String,
        startAt: Date,
        length: TaskLength = .unknown,
        notes: String = "",
        dueAt: Date? = nil,
        reminder: Reminder = .off,
        percent: Int = 0,
        behindSince: Date? = nil,
        slips: Int = 0,
        createdAt: Date,
        updatedAt: Date,
        owner: PersonID = .local
    ) {
        self.id = id
        self.assignmentID = assignmentID
        self.name = name
        self.startAt = startAt
        self.length = length
        self.notes = notes
        self.dueAt = dueAt
        self.reminder = reminder
        self.percent = percent
        self.behindSince = behindSince
        self.slips = slips
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.owner = owner
    }
}

extension AssignmentTask: FetchableRecord, MutablePersistableRecord {
    /// `assignments_task`.
    public static let databaseTableName = "assignments_task"

    /// Reads a stored row.
    public init(row: Row) throws {
        id = row["id"]
        assignmentID = row["assignmentID"]
        name = row["name"]
        startAt = Date(timeIntervalSince1970: row["startAt"])
        length = TaskLength(
            kind: row["lengthKind"],
            end: (row["lengthEnd"] as Double?).map(Date.init(timeIntervalSince1970:)),
            amount: row["lengthAmount"]
        )
        notes = row["notes"]
        dueAt = (row["dueAt"] as Double?).map(Date.init(timeIntervalSince1970:))
        reminder = Reminder(
            kind: row["reminderKind"],
            minutes: row["reminderMinutes"],
            at: (row["reminderAt"] as Double?).map(Date.init(timeIntervalSince1970:))
        )
        percent = row["percent"]
        behindSince = (row["behindSince"] as Double?).map(Date.init(timeIntervalSince1970:))
        slips = row["slips"]
        createdAt = Date(timeIntervalSince1970: row["createdAt"])
        updatedAt = Date(timeIntervalSince1970: row["updatedAt"])
        owner = row["owner"]
    }

    /// Writes the columns.
    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["assignmentID"] = assignmentID
        container["name"] = name
        container["startAt"] = startAt.timeIntervalSince1970
        container["lengthKind"] = length.kind
        container["lengthEnd"] = length.end?.timeIntervalSince1970
        container["lengthAmount"] = length.amount
        container["notes"] = notes
        container["dueAt"] = dueAt?.timeIntervalSince1970
        container["reminderKind"] = reminder.kind
        container["reminderMinutes"] = reminder.minutes
        container["reminderAt"] = reminder.date?.timeIntervalSince1970
        container["percent"] = percent
        container["behindSince"] = behindSince?.timeIntervalSince1970
        container["slips"] = slips
        container["createdAt"] = createdAt.timeIntervalSince1970
        container["updatedAt"] = updatedAt.timeIntervalSince1970
        container["owner"] = owner
    }

    /// Records the id the database gave a newly inserted task.
    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension TaskDraft {
    /// The draft that shows a stored task in its edit form, with its length as it was given.
    public init(_ task: AssignmentTask, in timeZone: TimeZone) {
        let reminder = ReminderDraft(task.reminder, in: timeZone)
        self.init(
            name: task.name,
            start: LocalDateTime.format(task.startAt, in: timeZone),
            lengthKind: task.length.kind,
            end: task.length.end.map { LocalDateTime.format($0, in: timeZone) } ?? "",
            amount: task.length.amountText ?? "",
            notes: task.notes,
            due: task.dueAt.map { LocalDateTime.format($0, in: timeZone) } ?? "",
            percent: String(task.percent),
            reminder: reminder.kind,
            reminderAmount: reminder.amount,
            reminderUnit: reminder.unit,
            reminderAt: reminder.at
        )
    }
}

extension AssignmentTask {
    /// Which save of the task this is: its identifier and when it was last changed (which every change sets, and the
    /// database gives back exactly). A client sends it back with a change so that the change is refused when the task
    /// was saved again meanwhile.
    public var version: String {
        "\(id ?? 0)-\(String(updatedAt.timeIntervalSince1970.bitPattern, radix: 16))"
    }
}
