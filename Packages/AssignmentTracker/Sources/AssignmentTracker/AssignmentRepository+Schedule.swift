import Foundation
import GRDB
import Kernel
import KernelBus
import KernelStorage

/// The schedule check (tasks that slipped) and the reminders, kept as the house's notices.
extension AssignmentRepository {
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
    func raiseSlipNotices(at moment: Date) async throws {
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

    func notice(_ assignment: Assignment) -> ReminderNotice? {
        guard let id = assignment.id, let date = assignment.reminder.fireDate(due: assignment.dueAt) else { return nil }
        return ReminderNotice(
            key: Self.reminderKey("assignment", id: id, at: date),
            date: date,
            title: "Reminder: \(assignment.name)",
            body: "\(assignment.module) · due \(DisplayDate.dayAndTime(assignment.dueAt, in: timeZone))",
            link: "/assignments/\(id)"
        )
    }

    func notice(_ task: AssignmentTask) -> ReminderNotice? {
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

    func syncReminder(of assignment: Assignment?, previous: Assignment?) async {
        await sync(old: previous.flatMap(notice)?.key, new: assignment.flatMap(notice))
    }

    func syncReminder(of task: AssignmentTask?, previous: AssignmentTask?) async {
        await sync(old: previous.flatMap(notice)?.key, new: task.flatMap(notice))
    }

    /// Replaces the notice `old` with `new`. A failure here (the kernel's database full or locked) does not undo or
    /// fail the change already committed: ``scheduleReminders()`` puts missing reminders back when the host starts.
    func sync(old: String?, new: ReminderNotice?) async {
        do {
            try await replace(old: old, new: new)
        } catch {
            return
        }
    }

    func replace(old: String?, new: ReminderNotice?) async throws {
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
}
