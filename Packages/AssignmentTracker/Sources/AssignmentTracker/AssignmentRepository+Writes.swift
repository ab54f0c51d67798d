import Foundation
import GRDB
import Kernel
import KernelEvents
import KernelStorage

/// Adding, changing and deleting assignments and their tasks: one transaction each, returning what it changed.
extension AssignmentRepository {
    // MARK: - Assignments

    /// Stores a new assignment and schedules its reminder. Records `added`.
    @discardableResult
    public func add(_ input: AssignmentInput) async throws -> Assignment {
        let stamp = now()
        return try await writer.write(changing: { db in
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
                updatedAt: stamp,
                owner: owner
            )
            try assignment.insert(db)
            try CalendarSync.enqueue(assignment, deleted: false, db)
            var changed = Changed(assignment, AssignmentChanged.Change.added, id: assignment.id, owner: owner)
            recordReminder(of: notice(assignment), previous: nil, at: stamp, &changed)
            return changed
        })
    }

    /// Replaces an assignment's values; a real change bumps its calendar `SEQUENCE` and reschedules its reminder.
    /// Records `updated` unless nothing changed.
    ///
    /// - Parameters:
    ///   - id: The assignment to change.
    ///   - input: Its new values, checked (``AssignmentValidation``).
    ///   - version: The ``Assignment/version`` the change was made from; when given and the stored assignment is
    ///     another, nothing is changed and ``AssignmentError/assignmentChanged(id:)`` is thrown.
    @discardableResult
    public func update(id: Int64, with input: AssignmentInput, ifVersion version: String? = nil) async throws -> Assignment {
        try await change(id, ifVersion: version) { assignment in
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

    /// Sets, changes or removes (nil) the mark awarded (R10). Records `updated` unless it was already so.
    ///
    /// - Parameters:
    ///   - id: The assignment marked.
    ///   - mark: The mark, 0–100, or nil for none.
    ///   - version: As for ``update(id:with:ifVersion:)``.
    @discardableResult
    public func setMark(id: Int64, _ mark: Int?, ifVersion version: String? = nil) async throws -> Assignment {
        precondition(mark.map { (0...100).contains($0) } ?? true, "a mark is 0–100")
        return try await change(id, ifVersion: version) { $0.mark = mark }
    }

    func change(
        _ id: Int64,
        ifVersion version: String? = nil,
        _ edit: @escaping @Sendable (inout Assignment) -> Void
    ) async throws -> Assignment {
        let stamp = now()
        return try await writer.write(changing: { db in
            let previous = try fetchAssignment(id, db)
            if let version, version != previous.version { throw AssignmentError.assignmentChanged(id: id) }
            var assignment = previous
            edit(&assignment)
            guard assignment != previous else { return Changed(previous) }
            assignment.sequence += 1
            assignment.updatedAt = stamp
            try assignment.update(db)
            try CalendarSync.enqueue(assignment, deleted: false, db)
            var changed = Changed(assignment, AssignmentChanged.Change.updated, id: id, owner: owner)
            recordReminder(of: notice(assignment), previous: notice(previous), at: stamp, &changed)
            return changed
        })
    }

    /// Deletes an assignment with its tasks and withdraws their reminders. Records `deleted`.
    @discardableResult
    public func delete(id: Int64) async throws -> Assignment {
        let stamp = now()
        return try await writer.write(changing: { db in
            let assignment = try fetchAssignment(id, db)
            let tasks = try Self.tasks(of: id, db)
            try Assignment.deleteOne(db, key: id)
            try CalendarSync.enqueue(assignment, deleted: true, db)
            var changed = Changed(assignment, AssignmentChanged.Change.deleted, id: id, owner: owner)
            recordReminder(of: nil, previous: notice(assignment), at: stamp, &changed)
            for task in tasks { recordReminder(of: nil, previous: notice(task), at: stamp, &changed) }
            return changed
        })
    }

    // MARK: - Tasks

    /// Adds a task to an assignment and updates the assignment's progress. Records `tasks`.
    ///
    /// - Throws: ``AssignmentError/assignmentNotFound(id:)``, or ``AssignmentError/tooManyTasks``.
    @discardableResult
    public func addTask(to assignmentID: Int64, _ input: TaskInput) async throws -> AssignmentTask {
        let stamp = now()
        return try await writer.write(changing: { db in
            _ = try fetchAssignment(assignmentID, db)
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
                updatedAt: stamp,
                owner: owner
            )
            try task.insert(db)
            try Self.refreshProgress(of: assignmentID, db)
            var changed = Changed(task, AssignmentChanged.Change.tasks, id: assignmentID, owner: owner)
            recordReminder(of: notice(task), previous: nil, at: stamp, &changed)
            return changed
        })
    }

    /// Replaces a task's values. Records `tasks` unless nothing changed.
    ///
    /// - Parameters:
    ///   - id: The task to change.
    ///   - input: Its new values, checked.
    ///   - version: The ``AssignmentTask/version`` the change was made from; when given and the stored task is
    ///     another, nothing is changed and ``AssignmentError/taskChanged(id:)`` is thrown.
    @discardableResult
    public func updateTask(id: Int64, with input: TaskInput, ifVersion version: String? = nil) async throws -> AssignmentTask {
        try await changeTask(id, ifVersion: version) { task in
            task.name = input.name
            task.startAt = input.startAt
            task.length = input.length
            task.notes = input.notes
            task.dueAt = input.dueAt
            task.reminder = input.reminder
            task.percent = input.percent
        }
    }

    /// Sets how far along a task is, 0–100 (100 is the "Done" shortcut, R9). Records `tasks` unless it already was.
    ///
    /// - Parameters:
    ///   - taskID: The task.
    ///   - percent: How far along it is, 0–100 (beyond that, the nearest end).
    ///   - version: As for ``updateTask(id:with:ifVersion:)``.
    @discardableResult
    public func setPercent(taskID: Int64, _ percent: Int, ifVersion version: String? = nil) async throws -> AssignmentTask {
        let clamped = min(100, max(0, percent))
        return try await changeTask(taskID, ifVersion: version) { $0.percent = clamped }
    }

    func changeTask(
        _ id: Int64,
        ifVersion version: String? = nil,
        _ edit: @escaping @Sendable (inout AssignmentTask) -> Void
    ) async throws -> AssignmentTask {
        let stamp = now()
        return try await writer.write(changing: { db in
            let previous = try fetchTask(id, db)
            if let version, version != previous.version { throw AssignmentError.taskChanged(id: id) }
            var task = previous
            edit(&task)
            guard task != previous else { return Changed(previous) }
            task.updatedAt = stamp
            // A task that is no longer behind starts afresh: falling behind again is a new slip.
            if task.behindSince != nil, !TaskSchedule(task, now: stamp).isBehind { task.behindSince = nil }
            try task.update(db)
            try Self.refreshProgress(of: task.assignmentID, db)
            var changed = Changed(task, AssignmentChanged.Change.tasks, id: task.assignmentID, owner: owner)
            recordReminder(of: notice(task), previous: notice(previous), at: stamp, &changed)
            return changed
        })
    }

    /// Puts back `task`, deleted a moment ago (Undo), with its id and everything it held, and updates its assignment's
    /// progress. Records `tasks`. A task whose id is in use again is left as it is.
    ///
    /// - Throws: ``AssignmentError/assignmentNotFound(id:)`` when its assignment was deleted meanwhile, or
    ///   ``AssignmentError/tooManyTasks``.
    @discardableResult
    public func restoreTask(_ task: AssignmentTask) async throws -> AssignmentTask {
        let stamp = now()
        return try await writer.write(changing: { db in
            if let id = task.id, let existing = try AssignmentTask.fetchOne(db, key: id) {
                guard existing.owner == owner else { throw AssignmentError.taskNotFound(id: id) }
                return Changed(existing)
            }
            _ = try fetchAssignment(task.assignmentID, db)
            let count = try AssignmentTask.filter(Column("assignmentID") == task.assignmentID).fetchCount(db)
            guard count < Self.maxTasks else { throw AssignmentError.tooManyTasks }
            var restored = task
            restored.owner = owner
            restored.updatedAt = stamp
            try restored.insert(db)
            try Self.refreshProgress(of: task.assignmentID, db)
            var changed = Changed(restored, AssignmentChanged.Change.tasks, id: task.assignmentID, owner: owner)
            recordReminder(of: notice(restored), previous: nil, at: stamp, &changed)
            return changed
        })
    }

    /// Deletes a task and updates its assignment's progress. Records `tasks`.
    @discardableResult
    public func deleteTask(id: Int64) async throws -> AssignmentTask {
        let stamp = now()
        return try await writer.write(changing: { db in
            let task = try fetchTask(id, db)
            try AssignmentTask.deleteOne(db, key: id)
            try Self.refreshProgress(of: task.assignmentID, db)
            var changed = Changed(task, AssignmentChanged.Change.tasks, id: task.assignmentID, owner: owner)
            recordReminder(of: nil, previous: notice(task), at: stamp, &changed)
            return changed
        })
    }
}
