import Foundation
import GRDB
import Kernel
import KernelBus
import KernelStorage

/// Reads and changes assignments and their tasks, keeps each assignment's progress up to date, schedules reminders
/// as the house's notices, and announces every change on a ``NotificationBus``.
///
/// Every method is one short transaction; each change is recorded in the ``ChangeLog`` inside it (so a host
/// watching the file learns of the CLI's changes) and posted as one ``AssignmentChanged`` once committed. Reminders
/// live in the kernel's own database: they are written after the assignment's transaction, and
/// ``scheduleReminders(now:)`` (run when the host starts) puts back any a crash in between lost.
public struct AssignmentRepository: Sendable {
    /// The database holding the assignments, migrated by ``AssignmentTrackerMigrations``.
    public let writer: any DatabaseWriter
    /// Where changes are announced.
    public let bus: NotificationBus
    /// Where reminders and behind-schedule notices go; nil stores none.
    public let notices: NoticeCenter?
    /// The time zone dates are shown in.
    public let timeZone: TimeZone
    private let now: @Sendable () -> Date

    /// The most tasks an assignment holds.
    public static let maxTasks = 500

    /// The feature id notices are raised for.
    static let featureID = "assignments"

    /// A repository over a migrated database; `now` stamps changes and judges schedules.
    public init(
        writer: any DatabaseWriter,
        bus: NotificationBus = .default,
        notices: NoticeCenter? = nil,
        timeZone: TimeZone = .current,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.writer = writer
        self.bus = bus
        self.notices = notices
        self.timeZone = timeZone
        self.now = now
    }

    // MARK: - Reading

    /// Up to `limit` assignments of `section` after `cursor`, read along the due-date index with no `OFFSET`.
    public func page(_ section: AssignmentSection, after cursor: AssignmentCursor? = nil, limit: Int) async throws -> AssignmentPage {
        let moment = now().timeIntervalSince1970
        let rows = try await writer.read { db in
            try Assignment.fetchAll(db, Self.pageRequest(section, after: cursor, limit: limit + 1, now: moment))
        }
        let shown = Array(rows.prefix(limit))
        return AssignmentPage(assignments: shown, next: rows.count > limit ? shown.last.map(AssignmentCursor.init) : nil)
    }

    /// The assignments of `section` from its start through `cursor` (inclusive), at most `limit`: what a page that has
    /// loaded the list down to `cursor` shows, read again after a change.
    public func page(_ section: AssignmentSection, through cursor: AssignmentCursor, limit: Int) async throws -> AssignmentPage {
        let moment = now().timeIntervalSince1970
        let rows = try await writer.read { db in
            try Assignment.fetchAll(db, Self.pageRequest(section, after: nil, limit: limit + 1, now: moment))
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

    static func pageRequest(
        _ section: AssignmentSection,
        after cursor: AssignmentCursor?,
        limit: Int,
        now: Double
    ) -> SQLRequest<Assignment> {
        let grace = now - AssignmentSection.graceAfterDue
        switch section {
        case .current:
            let after: SQL = cursor.map { "AND (dueAt > \($0.dueAt) OR (dueAt = \($0.dueAt) AND id > \($0.id)))" } ?? ""
            // The due-date index gives the range; the rest filters it.
            return """
                SELECT * FROM assignments_assignment
                WHERE dueAt >= \(grace) AND (dueAt >= \(now) OR mark IS NULL) \(after)
                ORDER BY dueAt, id LIMIT \(limit)
                """
        case .archive:
            let after: SQL = cursor.map { "AND (dueAt < \($0.dueAt) OR (dueAt = \($0.dueAt) AND id < \($0.id)))" } ?? ""
            return """
                SELECT * FROM assignments_assignment
                WHERE dueAt < \(now) AND (dueAt < \(grace) OR mark IS NOT NULL) \(after)
                ORDER BY dueAt DESC, id DESC LIMIT \(limit)
                """
        }
    }

    /// How many assignments each section holds.
    public func counts() async throws -> [AssignmentSection: Int] {
        let moment = now().timeIntervalSince1970
        let grace = moment - AssignmentSection.graceAfterDue
        return try await writer.read { db in
            let total = try Assignment.fetchCount(db)
            let archived =
                try Int.fetchOne(
                    db,
                    sql: "SELECT COUNT(*) FROM assignments_assignment WHERE dueAt < ? AND (dueAt < ? OR mark IS NOT NULL)",
                    arguments: [moment, grace]
                ) ?? 0
            return [.current: total - archived, .archive: archived]
        }
    }

    /// Every assignment, soonest due first (for the calendar feed and `export`).
    public func all() async throws -> [Assignment] {
        try await writer.read { db in try Assignment.order(Column("dueAt"), Column("id")).fetchAll(db) }
    }

    /// The assignment with id `id`.
    ///
    /// - Throws: ``AssignmentError/assignmentNotFound(id:)``.
    public func assignment(id: Int64) async throws -> Assignment {
        try await writer.read { db in try Self.fetchAssignment(id, db) }
    }

    /// The assignment with id `id` and its tasks, in start order, read together.
    public func detail(id: Int64) async throws -> (Assignment, [AssignmentTask]) {
        try await writer.read { db in
            (try Self.fetchAssignment(id, db), try Self.tasks(of: id, db))
        }
    }

    /// The task with id `id`.
    ///
    /// - Throws: ``AssignmentError/taskNotFound(id:)``.
    public func task(id: Int64) async throws -> AssignmentTask {
        try await writer.read { db in try Self.fetchTask(id, db) }
    }

    // MARK: - Assignments

    /// Stores a new assignment and schedules its reminder. Posts `added`.
    @discardableResult
    public func add(_ input: AssignmentInput) async throws -> Assignment {
        let stamp = now()
        let assignment = try await writer.write { db in
            var assignment = Assignment(
                module: input.module,
                level: input.level,
                name: input.name,
                value: input.value,
                mark: input.mark,
                dueAt: input.dueAt,
                notes: input.notes,
                reminder: input.reminder,
                createdAt: stamp,
                updatedAt: stamp
            )
            try assignment.insert(db)
            try CalendarSync.enqueue(assignment, deleted: false, db)
            try ChangeLog.record(db, kind: AssignmentChanged.Change.added.rawValue, id: assignment.id)
            return assignment
        }
        await syncReminder(of: assignment, previous: nil)
        bus.post(AssignmentChanged(.added, ids: [assignment.id ?? 0]))
        return assignment
    }

    /// Replaces an assignment's values; a real change bumps its calendar `SEQUENCE` and reschedules its reminder.
    /// Posts `updated` unless nothing changed.
    @discardableResult
    public func update(id: Int64, with input: AssignmentInput) async throws -> Assignment {
        try await change(id) { assignment in
            assignment.module = input.module
            assignment.level = input.level
            assignment.name = input.name
            assignment.value = input.value
            assignment.mark = input.mark
            assignment.dueAt = input.dueAt
            assignment.notes = input.notes
            assignment.reminder = input.reminder
        }
    }

    /// Sets, changes or removes (nil) the mark awarded (R10). Posts `updated` unless it was already so.
    @discardableResult
    public func setMark(id: Int64, _ mark: Int?) async throws -> Assignment {
        precondition(mark.map { (0...100).contains($0) } ?? true, "a mark is 0–100")
        return try await change(id) { $0.mark = mark }
    }

    private func change(_ id: Int64, _ edit: @escaping @Sendable (inout Assignment) -> Void) async throws -> Assignment {
        let stamp = now()
        let (previous, assignment) = try await writer.write { db in
            let previous = try Self.fetchAssignment(id, db)
            var assignment = previous
            edit(&assignment)
            guard assignment != previous else { return (previous, previous) }
            assignment.sequence += 1
            assignment.updatedAt = stamp
            try assignment.update(db)
            try CalendarSync.enqueue(assignment, deleted: false, db)
            try ChangeLog.record(db, kind: AssignmentChanged.Change.updated.rawValue, id: id)
            return (previous, assignment)
        }
        guard assignment != previous else { return assignment }
        await syncReminder(of: assignment, previous: previous)
        bus.post(AssignmentChanged(.updated, ids: [id]))
        return assignment
    }

    /// Deletes an assignment with its tasks and withdraws their reminders. Posts `deleted`.
    @discardableResult
    public func delete(id: Int64) async throws -> Assignment {
        let (assignment, tasks) = try await writer.write { db in
            let assignment = try Self.fetchAssignment(id, db)
            let tasks = try Self.tasks(of: id, db)
            try Assignment.deleteOne(db, key: id)
            try CalendarSync.enqueue(assignment, deleted: true, db)
            try ChangeLog.record(db, kind: AssignmentChanged.Change.deleted.rawValue, id: id)
            return (assignment, tasks)
        }
        await syncReminder(of: nil, previous: assignment)
        for task in tasks { await syncReminder(of: nil, previous: task) }
        bus.post(AssignmentChanged(.deleted, ids: [id]))
        return assignment
    }

    // MARK: - Tasks

    /// Adds a task to an assignment and updates the assignment's progress. Posts `tasks`.
    ///
    /// - Throws: ``AssignmentError/assignmentNotFound(id:)``, or ``AssignmentError/tooManyTasks``.
    @discardableResult
    public func addTask(to assignmentID: Int64, _ input: TaskInput) async throws -> AssignmentTask {
        let stamp = now()
        let task = try await writer.write { db in
            _ = try Self.fetchAssignment(assignmentID, db)
            let count = try AssignmentTask.filter(Column("assignmentID") == assignmentID).fetchCount(db)
            guard count < Self.maxTasks else { throw AssignmentError.tooManyTasks }
            var task = AssignmentTask(
                assignmentID: assignmentID,
                name: input.name,
                startAt: input.startAt,
                length: input.length,
                notes: input.notes,
                dueAt: input.dueAt,
                reminder: input.reminder,
                percent: input.percent,
                createdAt: stamp,
                updatedAt: stamp
            )
            try task.insert(db)
            try Self.refreshProgress(of: assignmentID, db)
            try ChangeLog.record(db, kind: AssignmentChanged.Change.tasks.rawValue, id: assignmentID)
            return task
        }
        await syncReminder(of: task, previous: nil)
        bus.post(AssignmentChanged(.tasks, ids: [assignmentID]))
        return task
    }

    /// Replaces a task's values. Posts `tasks` unless nothing changed.
    @discardableResult
    public func updateTask(id: Int64, with input: TaskInput) async throws -> AssignmentTask {
        try await changeTask(id) { task in
            task.name = input.name
            task.startAt = input.startAt
            task.length = input.length
            task.notes = input.notes
            task.dueAt = input.dueAt
            task.reminder = input.reminder
            task.percent = input.percent
        }
    }

    /// Sets how far along a task is, 0–100 (100 is the "Done" shortcut, R9). Posts `tasks` unless it already was.
    @discardableResult
    public func setPercent(taskID: Int64, _ percent: Int) async throws -> AssignmentTask {
        let clamped = min(100, max(0, percent))
        return try await changeTask(taskID) { $0.percent = clamped }
    }

    private func changeTask(_ id: Int64, _ edit: @escaping @Sendable (inout AssignmentTask) -> Void) async throws -> AssignmentTask {
        let stamp = now()
        let (previous, task) = try await writer.write { db in
            let previous = try Self.fetchTask(id, db)
            var task = previous
            edit(&task)
            guard task != previous else { return (previous, previous) }
            task.updatedAt = stamp
            // A task that is no longer behind starts afresh: falling behind again is a new slip.
            if task.behindSince != nil, !TaskSchedule(task, now: stamp).isBehind { task.behindSince = nil }
            try task.update(db)
            try Self.refreshProgress(of: task.assignmentID, db)
            try ChangeLog.record(db, kind: AssignmentChanged.Change.tasks.rawValue, id: task.assignmentID)
            return (previous, task)
        }
        guard task != previous else { return task }
        await syncReminder(of: task, previous: previous)
        bus.post(AssignmentChanged(.tasks, ids: [task.assignmentID]))
        return task
    }

    /// Deletes a task and updates its assignment's progress. Posts `tasks`.
    @discardableResult
    public func deleteTask(id: Int64) async throws -> AssignmentTask {
        let task = try await writer.write { db in
            let task = try Self.fetchTask(id, db)
            try AssignmentTask.deleteOne(db, key: id)
            try Self.refreshProgress(of: task.assignmentID, db)
            try ChangeLog.record(db, kind: AssignmentChanged.Change.tasks.rawValue, id: task.assignmentID)
            return task
        }
        await syncReminder(of: nil, previous: task)
        bus.post(AssignmentChanged(.tasks, ids: [task.assignmentID]))
        return task
    }

    // MARK: - Schedule

    /// Judges every unfinished task at `now` (RS1). A task that has just fallen behind is marked, counts a new slip
    /// and raises one notice; a task that has caught up is cleared, so a later slip is announced again. A task that
    /// stays behind raises nothing more. Posts `behind` for the assignments concerned.
    ///
    /// The mark is saved before the notice is raised, so a check that stops in between (a kill, a failed write)
    /// would lose the notice: each task counts the slips whose notice went out, and every check raises the notice
    /// of any slip still behind without one (keyed, so never twice).
    ///
    /// - Returns: The tasks that fell behind in this check.
    @discardableResult
    public func checkSchedule() async throws -> [AssignmentTask] {
        let moment = now()
        let slipped = try await writer.write { db -> [AssignmentTask] in
            let open = try AssignmentTask.fetchAll(
                db,
                sql: "SELECT * FROM assignments_task WHERE percent < 100 AND (startAt <= ? OR behindSince IS NOT NULL)",
                arguments: [moment.timeIntervalSince1970]
            )
            var slipped: [AssignmentTask] = []
            for var task in open {
                let behind = TaskSchedule(task, now: moment).isBehind
                if behind, task.behindSince == nil {
                    task.behindSince = moment
                    task.slips += 1
                    try task.update(db)
                    slipped.append(task)
                } else if !behind, task.behindSince != nil {
                    task.behindSince = nil
                    try task.update(db)
                }
            }
            for id in Set(slipped.map(\.assignmentID)) {
                try ChangeLog.record(db, kind: AssignmentChanged.Change.behind.rawValue, id: id)
            }
            return slipped
        }
        if !slipped.isEmpty {
            bus.post(AssignmentChanged(.behind, ids: Array(Set(slipped.map(\.assignmentID))).sorted()))
        }
        try await raiseSlipNotices(at: moment)
        return slipped
    }

    /// Raises the notice of every slip still behind whose notice has not gone out, then counts it as raised.
    private func raiseSlipNotices(at moment: Date) async throws {
        guard let notices else { return }
        let (unnoticed, names) = try await writer.read { db -> ([AssignmentTask], [Int64: String]) in
            let unnoticed = try AssignmentTask.fetchAll(
                db,
                sql: """
                    SELECT * FROM assignments_task
                    WHERE behindSince IS NOT NULL AND percent < 100 AND noticedSlips < slips ORDER BY id
                    """
            )
            guard !unnoticed.isEmpty else { return ([], [:]) }
            let names = try Dictionary(
                uniqueKeysWithValues: Assignment.filter(keys: Set(unnoticed.map(\.assignmentID))).fetchAll(db).map {
                    ($0.id ?? 0, $0.name)
                }
            )
            return (unnoticed, names)
        }
        // Each notice on its own: one that fails keeps none of the others from going out, and stays for the next
        // check.
        var raised: [AssignmentTask] = []
        var failure: (any Error)?
        for task in unnoticed {
            let state = TaskSchedule(task, now: moment)
            let reason =
                if case .behind(let expected) = state {
                    "It is \(task.percent)% done; by now it should be about \(expected)%."
                } else {
                    "Its due date has passed and it is \(task.percent)% done."
                }
            do {
                try await notices.raise(
                    featureID: Self.featureID,
                    title: "Behind schedule: \(task.name)",
                    body: "\(names[task.assignmentID] ?? "An assignment"): \(reason)",
                    link: "/assignments/\(task.assignmentID)",
                    at: moment,
                    key: "assignments.behind.\(task.id ?? 0).\(task.slips)"
                )
                raised.append(task)
            } catch {
                failure = failure ?? error
            }
        }
        // After the loop: a check that stops within it raises the same notices again next time, which their keys
        // turn into nothing.
        if !raised.isEmpty {
            try await writer.write { [raised] db in
                for task in raised {
                    try db.execute(
                        sql: "UPDATE assignments_task SET noticedSlips = ? WHERE id = ? AND noticedSlips < ?",
                        arguments: [task.slips, task.id, task.slips]
                    )
                }
            }
        }
        if let failure { throw failure }
    }

    // MARK: - Reminders

    /// Schedules the reminder of every assignment and task whose time is still ahead (nothing is scheduled twice:
    /// each reminder has a key). The host runs this when it starts, putting back reminders a crash lost between
    /// writing an assignment and writing its notice.
    public func scheduleReminders() async throws {
        guard let notices else { return }
        let (assignments, tasks) = try await writer.read { db in
            (
                try Assignment.filter(Column("reminderKind") != "off").fetchAll(db),
                try AssignmentTask.filter(Column("reminderKind") != "off").fetchAll(db)
            )
        }
        // One read of which reminders are stored already, then a write only for each one missing: a start-up with
        // thousands of reminders is a few reads, not a write transaction per reminder.
        let moment = now()
        let due = (assignments.compactMap(notice) + tasks.compactMap(notice)).filter { $0.date > moment }
        var stored = Set<String>()
        for start in stride(from: 0, to: due.count, by: 500) {
            let keys = due[start..<min(start + 500, due.count)].map(\.key)
            stored.formUnion(try await notices.notices(keys: keys).keys)
        }
        for missing in due where !stored.contains(missing.key) {
            try await replace(old: nil, new: missing)
        }
    }

    /// The key of a reminder: what it is for and when it fires. A reminder delivered once is never scheduled again
    /// under the same key, so an edit that keeps its time does not repeat it.
    static func reminderKey(_ kind: String, id: Int64, at date: Date) -> String {
        "assignments.reminder.\(kind).\(id).\(Int64(date.timeIntervalSince1970))"
    }

    /// The notice that reminds of an assignment or a task: its key (what it is for and when), time and words.
    struct ReminderNotice {
        var key: String
        var date: Date
        var title: String
        var body: String
        var link: String
    }

    private func notice(_ assignment: Assignment) -> ReminderNotice? {
        guard let id = assignment.id, let date = assignment.reminder.fireDate(due: assignment.dueAt) else { return nil }
        return ReminderNotice(
            key: Self.reminderKey("assignment", id: id, at: date),
            date: date,
            title: "Reminder: \(assignment.name)",
            body: "\(assignment.module) · due \(DisplayDate.dayAndTime(assignment.dueAt, in: timeZone))",
            link: "/assignments/\(id)"
        )
    }

    private func notice(_ task: AssignmentTask) -> ReminderNotice? {
        guard let id = task.id, let date = task.reminder.fireDate(due: task.dueAt) else { return nil }
        return ReminderNotice(
            key: Self.reminderKey("task", id: id, at: date),
            date: date,
            title: "Reminder: \(task.name)",
            body: task.dueAt.map { "Due \(DisplayDate.dayAndTime($0, in: timeZone)) · \(task.percent)% done" }
                ?? "\(task.percent)% done",
            link: "/assignments/\(task.assignmentID)#task-\(id)"
        )
    }

    private func syncReminder(of assignment: Assignment?, previous: Assignment?) async {
        await sync(old: previous.flatMap(notice)?.key, new: assignment.flatMap(notice))
    }

    private func syncReminder(of task: AssignmentTask?, previous: AssignmentTask?) async {
        await sync(old: previous.flatMap(notice)?.key, new: task.flatMap(notice))
    }

    /// Replaces the notice `old` with `new`. A failure here (the kernel's database full or locked) does not undo or
    /// fail the change already committed: ``scheduleReminders()`` puts missing reminders back when the host starts.
    private func sync(old: String?, new: ReminderNotice?) async {
        do {
            try await replace(old: old, new: new)
        } catch {
            return
        }
    }

    private func replace(old: String?, new: ReminderNotice?) async throws {
        guard let notices else { return }
        // A waiting reminder is replaced (its text may have changed); a delivered one is left as it is.
        if let old { try await notices.cancel(key: old) }
        guard let new, new.date > now() else { return }
        try await notices.schedule(
            featureID: Self.featureID,
            title: new.title,
            body: new.body,
            link: new.link,
            at: new.date,
            key: new.key
        )
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

    static func fetchAssignment(_ id: Int64, _ db: Database) throws -> Assignment {
        guard let assignment = try Assignment.fetchOne(db, key: id) else { throw AssignmentError.assignmentNotFound(id: id) }
        return assignment
    }

    static func fetchTask(_ id: Int64, _ db: Database) throws -> AssignmentTask {
        guard let task = try AssignmentTask.fetchOne(db, key: id) else { throw AssignmentError.taskNotFound(id: id) }
        return task
    }
}
