import Foundation
import GRDB
import Kernel
import KernelStorage
import Testing

@testable import AssignmentTracker

/// Two people's assignments in one database: each lists, reads and changes only their own; reminders are theirs.
@Suite("Each person's assignments are their own")
struct AssignmentOwnersTests {
    let bo = PersonID(rawValue: 2)

    @Test("another person's assignment and task are, to a repository, ones that do not exist")
    func isolation() async throws {
        let databases = try TestDatabases()
        defer { databases.remove() }
        let ann = databases.repository
        let bos = ann.of(bo)
        let essay = try await ann.add(try assignmentInput(name: "Ann's essay"))
        let id = try #require(essay.id)
        let draft = try await ann.addTask(to: id, try taskInput("Ann's draft"))
        let taskID = try #require(draft.id)
        let mine = try await bos.add(try assignmentInput(name: "Bo's essay"))
        #expect(mine.owner == bo)
        #expect(try await bos.all().map(\.name) == ["Bo's essay"])
        #expect(try await bos.page(.current, limit: 10).assignments.map(\.name) == ["Bo's essay"])
        #expect(try await bos.counts()[.current] == 1)
        await #expect(throws: AssignmentError.assignmentNotFound(id: id)) { try await bos.assignment(id: id) }
        await #expect(throws: AssignmentError.assignmentNotFound(id: id)) { try await bos.detail(id: id) }
        await #expect(throws: AssignmentError.assignmentNotFound(id: id)) {
            try await bos.update(id: id, with: try assignmentInput(name: "Taken"))
        }
        await #expect(throws: AssignmentError.assignmentNotFound(id: id)) { try await bos.setMark(id: id, 10) }
        await #expect(throws: AssignmentError.assignmentNotFound(id: id)) { try await bos.delete(id: id) }
        await #expect(throws: AssignmentError.assignmentNotFound(id: id)) { try await bos.addTask(to: id, try taskInput("x")) }
        await #expect(throws: AssignmentError.taskNotFound(id: taskID)) { try await bos.task(id: taskID) }
        await #expect(throws: AssignmentError.taskNotFound(id: taskID)) { try await bos.setPercent(taskID: taskID, 50) }
        await #expect(throws: AssignmentError.taskNotFound(id: taskID)) { try await bos.deleteTask(id: taskID) }
        await #expect(throws: AssignmentError.taskNotFound(id: taskID)) { try await bos.restoreTask(draft) }
        #expect(try await ann.detail(id: id).1.map(\.name) == ["Ann's draft"])
    }

    @Test("a reminder is for the assignment's person, and the change is theirs")
    func reminders() async throws {
        let databases = try TestDatabases()
        defer { databases.remove() }
        let bos = databases.repository.of(bo)
        let essay = try await bos.add(try assignmentInput(reminder: ("before", "1", "days", "")))
        let notice = try await databases.carried().scheduled().first
        #expect(notice?.owner == bo)
        let owners = try await databases.feature.read { db in try Int64.fetchAll(db, sql: "SELECT owner FROM kernel_change") }
        #expect(owners == [2])
        #expect(essay.owner == bo)
    }

    @Test("assignments and tasks stored before people existed are the local person's")
    func upgrade() async throws {
        let queue = try DatabaseQueue()
        let migrator = FeatureDescriptor.assignments.migrations.migrator()
        try migrator.migrate(queue, upTo: AssignmentTrackerMigrations.v3)
        try await queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO assignments_assignment (uid, module, level, name, value, dueAt, createdAt, updatedAt)
                    VALUES ('kept', 'Mobile', 6, 'Kept essay', 40, 1800000000, 0, 0);
                    INSERT INTO assignments_task (assignmentID, name, startAt, createdAt, updatedAt)
                    VALUES (1, 'Kept draft', 1790000000, 0, 0);
                    """
            )
        }
        try migrator.migrate(queue)
        let repository = AssignmentRepository(writer: queue, timeZone: london)
        let (essay, tasks) = try await repository.detail(id: 1)
        #expect(essay.name == "Kept essay" && tasks.map(\.name) == ["Kept draft"])
        await #expect(throws: AssignmentError.assignmentNotFound(id: 1)) { try await repository.of(bo).detail(id: 1) }
    }
}
