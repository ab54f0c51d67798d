import Foundation
import GRDB
import KernelStorage
import Testing

@testable import TaskList

/// Two people's tasks in one database: each repository sees and changes only its person's.
@Suite("Each person's tasks are their own")
struct TaskOwnersTests {
    let database: TemporaryTaskDatabase
    let ann: TaskRepository
    let bo: TaskRepository

    init() throws {
        database = try TemporaryTaskDatabase()
        ann = database.repository
        bo = database.repository.of(PersonID(rawValue: 2))
    }

    @Test("a person lists, counts, pages and searches only their own tasks")
    func reads() async throws {
        try await ann.add(input("Ann's plan", "2026-11-21"))
        try await ann.add(input("Ann's list", "2026-11-22"))
        let bos = try await bo.add(input("Bo's plan", "2026-11-21"))
        #expect(bos.owner == PersonID(rawValue: 2))
        #expect(try await bo.all().map(\.name) == ["Bo's plan"])
        #expect(try await ann.all().map(\.name) == ["Ann's list", "Ann's plan"])
        #expect(try await bo.counts() == (open: 1, done: 0))
        #expect(try await bo.count() == 1)
        #expect(try await bo.page(limit: 10).items.map(\.name) == ["Bo's plan"])
        #expect(try await bo.page(limit: 10, matching: TextSearch("plan")!).items.map(\.name) == ["Bo's plan"])
        // Bo's list after Ann's first task: Ann's tasks are not in it, wherever they sort.
        let first = try await ann.page(limit: 1).next
        #expect(try await bo.page(after: first, limit: 10).items.map(\.name) == ["Bo's plan"])
    }

    @Test("another person's task is, to them, one that does not exist: nothing read, nothing changed")
    func writes() async throws {
        let task = try await ann.add(input("Ann's plan", "2026-11-21"))
        let id = try #require(task.id)
        await #expect(throws: TaskListError.notFound(id: id)) { try await bo.find(id: id) }
        await #expect(throws: TaskListError.notFound(id: id)) {
            try await bo.update(id: id, with: input("Taken", "2026-11-21"))
        }
        await #expect(throws: TaskListError.notFound(id: id)) { try await bo.toggle(id: id) }
        await #expect(throws: TaskListError.notFound(id: id)) { try await bo.setDone(id: id, true) }
        await #expect(throws: TaskListError.notFound(id: id)) { try await bo.delete(id: id) }
        // Putting back a task under an id Ann's task holds takes nothing of hers.
        await #expect(throws: TaskListError.notFound(id: id)) { try await bo.restore(task) }
        #expect(try await ann.find(id: id) == task)
    }

    @Test("a task put back after its deletion is its deleter's, whatever the item says")
    func restore() async throws {
        let task = try await bo.add(input("Bo's plan", "2026-11-21"))
        try await bo.delete(id: try #require(task.id))
        var forged = task
        forged.owner = .local
        let restored = try await bo.restore(forged)
        #expect(restored.owner == bo.owner)
        #expect(try await ann.all().isEmpty)
    }

    @Test("each change is logged as its owner's, and the feed posts it as theirs")
    func changes() async throws {
        let recorder = try ChangeRecorder(database)
        let anns = try await ann.add(input("Ann's plan", "2026-11-21"))
        let bos = try await bo.add(input("Bo's plan", "2026-11-21"))
        let owners = try await database.pool.read { db in
            try Int64.fetchAll(db, sql: "SELECT owner FROM kernel_change ORDER BY seq")
        }
        #expect(owners == [1, 2])
        let messages = await recorder.deliveries(atLeast: 2).map(\.message)
        #expect(messages == [TaskChanged(.added, ids: [anns.id ?? 0]), TaskChanged(.added, ids: [bos.id ?? 0], owner: bo.owner)])
        #expect(messages.map(\.audience) == [.local, bo.owner])
    }

    @Test("tasks stored before people existed are the local person's")
    func upgrade() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("TaskOwners-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pool = try DatabasePool(path: directory.appendingPathComponent("tasks.sqlite").path)
        var old = DatabaseMigrator()
        TaskListMigrations.register(in: &old)
        try old.migrate(pool, upTo: TaskListMigrations.v2)
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO tasks_item (name, details, isDone, day, createdAt, updatedAt, sortName)
                    VALUES ('Kept', '', 0, '2026-11-21', 0, 0, 'kept')
                    """
            )
        }
        try TaskListMigrations.migrate(pool)
        #expect(try await TaskRepository(writer: pool).all().map(\.name) == ["Kept"])
        #expect(try await TaskRepository(writer: pool, owner: PersonID(rawValue: 2)).all().isEmpty)
        try pool.close()
    }
}
