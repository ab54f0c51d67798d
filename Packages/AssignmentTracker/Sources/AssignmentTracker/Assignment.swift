import Foundation
import GRDB
import KernelStorage

/// A university assignment: the module it belongs to, its level, name, weight in the module, the mark awarded,
/// when it is due, notes and a reminder.
///
/// Stored in `assignments_assignment`. The progress of its tasks is kept on the row (the weighted sum and the total
/// weight, see ``AssignmentProgress``) and updated in the transaction that changes a task, so the master list is one
/// read with no join.
public struct Assignment: Sendable, Hashable, Identifiable {
    /// The row id, `nil` until stored.
    public var id: Int64?
    /// The calendar identity, the same for the assignment's whole life (the iCalendar `UID`).
    public var uid: String
    /// The module's name, such as `Mobile Development`.
    public var module: String
    /// The level of study: 4, 5, 6 or 7.
    public var level: Int
    /// The assignment's name.
    public var name: String
    /// What the assignment is worth, as a whole percentage (0–100) of the module.
    public var value: Int
    /// The mark awarded (0–100), or nil before it is marked.
    public var mark: Int?
    /// When it is due.
    public var dueAt: Date
    /// Notes, as typed.
    public var notes: String
    /// When to be reminded.
    public var reminder: Reminder
    /// How many times it has been edited: the iCalendar `SEQUENCE`.
    public var sequence: Int
    /// The sum over its tasks of length × percent (see ``AssignmentProgress``).
    public var progressWeighted: Int64
    /// The sum of its tasks' lengths, in seconds.
    public var progressWeight: Int64
    /// How many tasks it has.
    public var taskCount: Int
    /// When it was stored.
    public var createdAt: Date
    /// When it was last changed.
    public var updatedAt: Date
    /// Whose it is.
    public var owner: PersonID

    /// The overall progress of its tasks.
    public var progress: AssignmentProgress {
        AssignmentProgress(weighted: progressWeighted, weight: progressWeight)
    }

    /// An assignment; stored ones come from ``AssignmentRepository``.
    public init(
        id: Int64? = nil,
        uid: String = UUID().uuidString.lowercased(),
        module: String,
        level: Int,
        name: String,
        value: Int,
        mark: Int? = nil,
        dueAt: Date,
        notes: String = "",
        reminder: Reminder = .off,
        sequence: Int = 0,
        progressWeighted: Int64 = 0,
        progressWeight: Int64 = 0,
        taskCount: Int = 0,
        createdAt: Date,
        updatedAt: Date,
        owner: PersonID = .local
    ) {
        self.id = id
        self.uid = uid
        self.module = module
        self.level = level
        self.name = name
        self.value = value
        self.mark = mark
        self.dueAt = dueAt
        self.notes = notes
        self.reminder = reminder
        self.sequence = sequence
        self.progressWeighted = progressWeighted
        self.progressWeight = progressWeight
        self.taskCount = taskCount
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.owner = owner
    }
}

extension Assignment: FetchableRecord, MutablePersistableRecord {
    /// `assignments_assignment`.
    public static let databaseTableName = "assignments_assignment"

    /// Reads a stored row.
    public init(row: Row) throws {
        id = row["id"]
        uid = row["uid"]
        module = row["module"]
        level = row["level"]
        name = row["name"]
        value = row["value"]
        mark = row["mark"]
        dueAt = Date(timeIntervalSince1970: row["dueAt"])
        notes = row["notes"]
        reminder = Reminder(
            kind: row["reminderKind"],
            minutes: row["reminderMinutes"],
            at: (row["reminderAt"] as Double?).map(Date.init(timeIntervalSince1970:))
        )
        sequence = row["sequence"]
        progressWeighted = row["progressWeighted"]
        progressWeight = row["progressWeight"]
        taskCount = row["taskCount"]
        createdAt = Date(timeIntervalSince1970: row["createdAt"])
        updatedAt = Date(timeIntervalSince1970: row["updatedAt"])
        owner = row["owner"]
    }

    /// Writes the columns.
    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["uid"] = uid
        container["module"] = module
        container["level"] = level
        container["name"] = name
        container["value"] = value
        container["mark"] = mark
        container["dueAt"] = dueAt.timeIntervalSince1970
        container["notes"] = notes
        container["reminderKind"] = reminder.kind
        container["reminderMinutes"] = reminder.minutes
        container["reminderAt"] = reminder.date?.timeIntervalSince1970
        container["sequence"] = sequence
        container["progressWeighted"] = progressWeighted
        container["progressWeight"] = progressWeight
        container["taskCount"] = taskCount
        container["createdAt"] = createdAt.timeIntervalSince1970
        container["updatedAt"] = updatedAt.timeIntervalSince1970
        container["owner"] = owner
    }

    /// Records the id the database gave a newly inserted assignment.
    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension Assignment {
    /// Which save of the assignment this is: its identifier and how many times it was edited. A client sends it back
    /// with a change so that the change is refused when the assignment was saved again meanwhile.
    public var version: String { "\(id ?? 0)-\(sequence)" }
}

extension AssignmentDraft {
    /// The draft that shows a stored assignment's values in its edit form.
    public init(_ assignment: Assignment, in timeZone: TimeZone) {
        let reminder = ReminderDraft(assignment.reminder, in: timeZone)
        self.init(
            module: assignment.module,
            level: String(assignment.level),
            name: assignment.name,
            value: String(assignment.value),
            mark: assignment.mark.map(String.init) ?? "",
            due: LocalDateTime.format(assignment.dueAt, in: timeZone),
            notes: assignment.notes,
            reminder: reminder.kind,
            reminderAmount: reminder.amount,
            reminderUnit: reminder.unit,
            reminderAt: reminder.at
        )
    }
}
