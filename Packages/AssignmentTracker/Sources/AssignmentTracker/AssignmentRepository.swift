import Foundation
import GRDB
import Kernel
import KernelEvents
import KernelStorage

/// Reads and changes one person's assignments and their tasks (``owner``: every query reads only theirs, another's is,
/// to it, one that does not exist), keeps each assignment's progress up to date, schedules reminders
/// as the house's notices, and announces every change on a `EventBus`.
///
/// Every method is one short transaction that returns what it changed (`Changed`): the Kernel records the rows in
/// the `ChangeLog` inside it, and its change feed posts them as one ``AssignmentChanged`` once committed (in
/// whichever process is watching). Reminders and slip notices are returned the same way and recorded in the same
/// transaction, in the database's `NoticeOutbox`, which the Kernel carries into the inbox (a host as the commit is
/// made, an operating-system job or the next host otherwise).
public struct AssignmentRepository: Sendable {
    /// The database holding the assignments, migrated by ``AssignmentTrackerMigrations``.
    public let writer: any DatabaseWriter
    /// The time zone dates are shown in.
    public let timeZone: TimeZone
    /// The clock it stamps changes and judges schedules and sections by.
    public let now: @Sendable () -> Date
    /// The person whose assignments these are.
    public let owner: PersonID

    /// The most tasks an assignment holds.
    public static let maxTasks = 500

    /// The feature id notices are raised for.
    static let featureID = "assignments"

    /// A repository over a migrated database; `now` stamps changes and judges schedules.
    public init(
        writer: any DatabaseWriter,
        timeZone: TimeZone = .current,
        owner: PersonID = .local,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.writer = writer
        self.timeZone = timeZone
        self.owner = owner
        self.now = now
    }

    /// The same repository, for `person`'s assignments.
    public func of(_ person: PersonID) -> AssignmentRepository {
        AssignmentRepository(writer: writer, timeZone: timeZone, owner: person, now: now)
    }

    // MARK: - Reading

    /// Up to `limit` assignments of `section` after `cursor`, read along the due-date index with no `OFFSET`.
    ///
    /// With `search`, only the assignments whose name, module or notes hold it.
    public func page(
        _ section: AssignmentSection,
        after cursor: AssignmentCursor? = nil,
        limit: Int,
        matching search: TextSearch? = nil
    ) async throws -> AssignmentPage {
        let moment = now().timeIntervalSince1970
        let rows = try await writer.read { db in
            try Assignment.fetchAll(db, pageRequest(section, after: cursor, limit: limit + 1, now: moment, matching: search))
        }
        let shown = Array(rows.prefix(limit))
        return AssignmentPage(assignments: shown, next: rows.count > limit ? shown.last.map(AssignmentCursor.init) : nil)
    }

    /// The assignments of `section` from its start through `cursor` (inclusive), at most `limit`: what a page that has
    /// loaded the list down to `cursor` shows, read again after a change.
    public func page(
        _ section: AssignmentSection,
        through cursor: AssignmentCursor,
        limit: Int,
        matching search: TextSearch? = nil
    ) async throws -> AssignmentPage {
        let moment = now().timeIntervalSince1970
        let rows = try await writer.read { db in
            try Assignment.fetchAll(db, pageRequest(section, after: nil, limit: limit + 1, now: moment, matching: search))
        }
        let upTo = rows.prefix { assignment in
            let key = AssignmentCursor(assignment)
            return section == .current
                ? key.dueAt < cursor.dueAt || (key.dueAt == cursor.dueAt && key.id <= cursor.id)
                : key.dueAt > cursor.dueAt || (key.dueAt == cursor.dueAt && key.id >= cursor.id)
        }
        let shown = Array(upTo.prefix(limit))
        return AssignmentPage(assignments: shown, next: rows.count > shown.count ? shown.last.map(AssignmentCursor.init) : nil)
    }

    func pageRequest(
        _ section: AssignmentSection,
        after cursor: AssignmentCursor?,
        limit: Int,
        now: Double,
        matching search: TextSearch? = nil
    ) -> SQLRequest<Assignment> {
        let grace = now - AssignmentSection.graceAfterDue
        let found: SQL =
            search.map { search in
                let any = search.matches(Column("name")) || search.matches(Column("module")) || search.matches(Column("notes"))
                return "AND (\(any))"
            } ?? ""
        switch section {
        case .current:
            let after: SQL = cursor.map { "AND (dueAt > \($0.dueAt) OR (dueAt = \($0.dueAt) AND id > \($0.id)))" } ?? ""
            // The due-date index gives the range; the rest filters it.
            return """
                SELECT * FROM assignments_assignment
                WHERE owner = \(owner) AND dueAt >= \(grace) AND (dueAt >= \(now) OR mark IS NULL) \(after) \(found)
                ORDER BY dueAt, id LIMIT \(limit)
                """
        case .archive:
            let after: SQL = cursor.map { "AND (dueAt < \($0.dueAt) OR (dueAt = \($0.dueAt) AND id < \($0.id)))" } ?? ""
            return """
                SELECT * FROM assignments_assignment
                WHERE owner = \(owner) AND dueAt < \(now) AND (dueAt < \(grace) OR mark IS NOT NULL) \(after) \(found)
                ORDER BY dueAt DESC, id DESC LIMIT \(limit)
                """
        }
    }

    /// How many assignments each section holds.
    public func counts() async throws -> [AssignmentSection: Int] {
        let moment = now().timeIntervalSince1970
        let grace = moment - AssignmentSection.graceAfterDue
        return try await writer.read { db in
            let total = try Assignment.filter(Column("owner") == owner).fetchCount(db)
            let archived =
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) FROM assignments_assignment
                        WHERE owner = ? AND dueAt < ? AND (dueAt < ? OR mark IS NOT NULL)
                        """,
                    arguments: [owner, moment, grace]
                ) ?? 0
            return [.current: total - archived, .archive: archived]
        }
    }

    /// Every assignment of the owner's, soonest due first (for the calendar feed and `export`).
    public func all() async throws -> [Assignment] {
        try await writer.read { db in
            try Assignment.filter(Column("owner") == owner).order(Column("dueAt"), Column("id")).fetchAll(db)
        }
    }

    /// The assignment with id `id`.
    ///
    /// - Throws: ``AssignmentError/assignmentNotFound(id:)``.
    public func assignment(id: Int64) async throws -> Assignment {
        try await writer.read { db in try fetchAssignment(id, db) }
    }

    /// The assignment with id `id` and its tasks, in start order, read together.
    public func detail(id: Int64) async throws -> (Assignment, [AssignmentTask]) {
        try await writer.read { db in
            (try fetchAssignment(id, db), try Self.tasks(of: id, db))
        }
    }

    /// The task with id `id`.
    ///
    /// - Throws: ``AssignmentError/taskNotFound(id:)``.
    public func task(id: Int64) async throws -> AssignmentTask {
        try await writer.read { db in try fetchTask(id, db) }
    }

    // MARK: - Helpers

    /// Recomputes an assignment's progress sums and task count from its tasks.
    static func refreshProgress(of assignmentID: Int64, _ db: Database) throws {
        let tasks = try tasks(of: assignmentID, db)
        let progress = AssignmentProgress(tasks: tasks)
        try db.execute(
            sql: "UPDATE assignments_assignment SET progressWeighted = ?, progressWeight = ?, taskCount = ? WHERE id = ?",
            arguments: [progress.weighted, progress.weight, tasks.count, assignmentID]
        )
    }

    static func tasks(of assignmentID: Int64, _ db: Database) throws -> [AssignmentTask] {
        try AssignmentTask.filter(Column("assignmentID") == assignmentID).order(Column("startAt"), Column("id")).fetchAll(db)
    }

    /// The owner's assignment `id` (its tasks are read by it: they are the assignment's person's too).
    func fetchAssignment(_ id: Int64, _ db: Database) throws -> Assignment {
        guard let assignment = try Assignment.fetchOne(db, key: id), assignment.owner == owner else {
            throw AssignmentError.assignmentNotFound(id: id)
        }
        return assignment
    }

    /// The owner's task `id`.
    func fetchTask(_ id: Int64, _ db: Database) throws -> AssignmentTask {
        guard let task = try AssignmentTask.fetchOne(db, key: id), task.owner == owner else {
            throw AssignmentError.taskNotFound(id: id)
        }
        return task
    }
}
