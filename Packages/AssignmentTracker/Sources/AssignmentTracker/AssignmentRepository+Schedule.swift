import Foundation
import GRDB
import Kernel
import KernelEvents
import KernelStorage
import KernelText

/// The schedule check (tasks that slipped) and the reminders, kept as the house's notices.
extension AssignmentRepository {
    // MARK: - Schedule

    /// Judges every unfinished task at `now` (RS1). A task that has just fallen behind is marked, counts a new slip
    /// and raises one notice; a task that has caught up is cleared, so a later slip is announced again. A task that
    /// stays behind raises nothing more. Posts `behind` for the assignments concerned.
    ///
    /// The mark and the slip's notice are one transaction (the notice in the `NoticeOutbox`), so a check that stops
    /// halfway loses neither.
    ///
    /// - Returns: The tasks that fell behind in this check.
    @discardableResult
    public func checkSchedule() async throws -> [AssignmentTask] {
        let moment = now()
        return try await writer.write(changing: { db in
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
            let ids = Set(slipped.map(\.assignmentID))
            let assignments = try Assignment.filter(keys: ids).fetchAll(db)
            let names = Dictionary(uniqueKeysWithValues: assignments.map { ($0.id ?? 0, $0.name) })
            var changed = Changed(slipped)
            for task in slipped {
                recordSlipNotice(task, assignmentName: names[task.assignmentID], at: moment, &changed)
            }
            for assignment in assignments.sorted(by: { ($0.id ?? 0) < ($1.id ?? 0) }) {
                changed.record(AssignmentChanged.Change.behind, id: assignment.id, owner: assignment.owner)
            }
            return changed
        })
    }

    /// Announces the assignments that moved between the current list and the archive as time passed since `start`
    /// (a marked one moves when it falls due, an unmarked one a week later; no row changes, the sections are read by
    /// the clock): recorded in the change log and posted as `moved`, so lists kept in memory are read again. A clock
    /// set back moves them back, and that is announced the same way.
    ///
    /// - Returns: The moment it looked up to: the `start` of the next call.
    @discardableResult
    public func announceMoves(since start: Date) async throws -> Date {
        let end = now()
        guard end != start else { return end }
        let (from, to) = (min(start, end).timeIntervalSince1970, max(start, end).timeIntervalSince1970)
        let grace = AssignmentSection.graceAfterDue
        try await writer.write(changing: { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, owner FROM assignments_assignment
                    WHERE (dueAt >= ? AND dueAt < ? AND mark IS NOT NULL) OR (dueAt >= ? AND dueAt < ? AND mark IS NULL)
                    ORDER BY id
                    """,
                arguments: [from, to, from - grace, to - grace]
            )
            var changed = Changed(())
            for row in rows {
                changed.record(AssignmentChanged.Change.moved, id: row["id"], owner: row["owner"])
            }
            return changed
        })
        return end
    }

    /// Adds the notice of a task's new slip to what a write changed.
    func recordSlipNotice<Value>(_ task: AssignmentTask, assignmentName: String?, at moment: Date, _ changed: inout Changed<Value>) {
        let reason =
            if case .behind(let expected) = TaskSchedule(task, now: moment) {
                "It is \(task.percent)% done; by now it should be about \(expected)%."
            } else {
                "Its due date has passed and it is \(task.percent)% done."
            }
        changed.schedule(
            featureID: Self.featureID,
            key: "assignments.behind.\(task.id ?? 0).\(task.slips)",
            title: "Behind schedule: \(task.name)",
            body: "\(assignmentName ?? "An assignment"): \(reason)",
            link: "/assignments/\(task.assignmentID)",
            at: moment,
            for: task.owner
        )
    }

    // MARK: - Reminders

    /// The key of a reminder: what it is for and when it fires. A reminder delivered once is never scheduled again
    /// under the same key, so an edit that keeps its time does not repeat it.
    static func reminderKey(_ kind: String, id: Int64, at date: Date) -> String {
        "assignments.reminder.\(kind).\(id).\(Int64(date.timeIntervalSince1970))"
    }

    /// The notice that reminds of an assignment or a task: its key (what it is for and when), time, words and person.
    struct ReminderNotice {
        var key: String
        var date: Date
        var title: String
        var body: String
        var link: String
        var owner: PersonID
    }

    func notice(_ assignment: Assignment) -> ReminderNotice? {
        guard let id = assignment.id, let date = assignment.reminder.fireDate(due: assignment.dueAt) else { return nil }
        return ReminderNotice(
            key: Self.reminderKey("assignment", id: id, at: date),
            date: date,
            title: "Reminder: \(assignment.name)",
            body: "\(assignment.module) · due \(Moment.token(assignment.dueAt))",
            link: "/assignments/\(id)",
            owner: assignment.owner
        )
    }

    func notice(_ task: AssignmentTask) -> ReminderNotice? {
        guard let id = task.id, let date = task.reminder.fireDate(due: task.dueAt) else { return nil }
        return ReminderNotice(
            key: Self.reminderKey("task", id: id, at: date),
            date: date,
            title: "Reminder: \(task.name)",
            body: task.dueAt.map { "Due \(Moment.token($0)) · \(task.percent)% done" }
                ?? "\(task.percent)% done",
            link: "/assignments/\(task.assignmentID)#task-\(id)",
            owner: task.owner
        )
    }

    /// Adds the reminder change of an edit to what the write changed: the waiting reminder of `previous` withdrawn (its
    /// text may have changed; a delivered one stays as it was), that of `current` scheduled if its time is still ahead.
    /// A delivered reminder is never scheduled again under the same key, so an edit that keeps its time does not repeat
    /// it.
    func recordReminder<Value>(
        of current: ReminderNotice?,
        previous: ReminderNotice?,
        at moment: Date,
        _ changed: inout Changed<Value>
    ) {
        if let old = previous?.key {
            changed.withdraw(featureID: Self.featureID, key: old)
        }
        guard let new = current, new.date > moment else { return }
        changed.schedule(
            featureID: Self.featureID,
            key: new.key,
            title: new.title,
            body: new.body,
            link: new.link,
            at: new.date,
            for: new.owner
        )
    }
}
