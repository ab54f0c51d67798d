import Foundation
import GRDB
import Kernel
import KernelEvents
import Synchronization
import Testing

@testable import TaskList

/// A migrated task database in a SQLite file of its own, removed when the value goes away.
final class TemporaryTaskDatabase: Sendable {
    let directory: URL
    let path: String
    let pool: DatabasePool
    let bus = EventBus()
    let repository: TaskRepository
    /// The Kernel's change feed on the database: what posts `TaskChanged` on `bus` after each commit.
    let feed: ChangeFeed

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("TaskListTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("tasks.sqlite").path
        pool = try Self.open(path)
        repository = TaskRepository(writer: pool, now: TestClock().now)
        feed = try ChangeFeed.started(on: pool, event: TaskChanged.self, bus: bus)
    }

    static func open(_ path: String) throws -> DatabasePool {
        let pool = try DatabasePool(path: path)
        try TaskListMigrations.migrate(pool)
        return pool
    }

    deinit {
        try? pool.close()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A clock that moves one second forward each time it is read.
final class TestClock: Sendable {
    private let seconds = Mutex(1_800_000_000.0)

    func now() -> Date {
        Date(
            timeIntervalSince1970: seconds.withLock {
                $0 += 1
                return $0
            }
        )
    }
}

func day(_ text: String) -> TaskDay {
    TaskDay(isoString: text) ?? .earliest
}

func input(_ name: String, _ dayText: String, details: String = "") throws -> TaskInput {
    try TaskInput(name: name, details: details, day: day(dayText))
}

@Suite("The task repository, on a real SQLite file")
struct TaskRepositoryTests {
    let database: TemporaryTaskDatabase
    var repository: TaskRepository { database.repository }

    init() throws {
        database = try TemporaryTaskDatabase()
    }

    @Test("starts empty, in WAL mode, with only the task list's tables")
    func freshDatabase() async throws {
        #expect(try await repository.all().isEmpty)
        let (mode, tables) = try await database.pool.read { db in
            (
                try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                try String.fetchAll(
                    db,
                    sql:
                        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' ORDER BY name"
                )
            )
        }
        #expect(mode == "wal")
        #expect(tables == ["kernel_change", "kernel_outbox", "tasks_item", "tasks_meta"])
        #expect(
            try await database.pool.read { db in try db.indexes(on: "tasks_item").map(\.columns) }
                == [["owner", "isDone", "day", "sortName", "id"]]
        )
        #expect(
            try await database.pool.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") } == [
                "kernel.changes.v1", "tasks.v1", "tasks.v2", "tasks.v3", "kernel.outbox.v1", "kernel.changes.v2",
                "kernel.outbox.v2",
            ]
        )
    }

    @Test("adds a task, not done, with an identifier and timestamps")
    func add() async throws {
        let added = try await repository.add(input("Buy milk", "2026-11-21", details: "Oat"))
        #expect(added.id != nil)
        #expect(added.name == "Buy milk")
        #expect(added.details == "Oat")
        #expect(added.isDone == false)
        #expect(added.day == day("2026-11-21"))
        #expect(added.createdAt == added.updatedAt)
        #expect(try await repository.find(id: try #require(added.id)) == added)
        #expect(try await repository.all() == [added])
    }

    @Test("lists tasks in the list order after adds, edits and toggles")
    func listOrder() async throws {
        let old = try await repository.add(input("Old", "2026-01-01"))
        let new = try await repository.add(input("New", "2026-11-21"))
        let mid = try await repository.add(input("mid", "2026-06-15"))
        #expect(try await repository.all().map(\.name) == ["New", "mid", "Old"])

        try await repository.update(id: try #require(old.id), with: input("Old, now newest", "2026-12-31"))
        #expect(try await repository.all().map(\.name) == ["Old, now newest", "New", "mid"])

        try await repository.toggle(id: try #require(new.id))
        #expect(try await repository.all().map(\.name) == ["Old, now newest", "mid", "New"])

        try await repository.setDone(id: try #require(mid.id), true)
        #expect(try await repository.all().map(\.name) == ["Old, now newest", "New", "mid"])
    }

    @Test("edits a task's name, description and day, keeping it done or not")
    func update() async throws {
        let added = try await repository.add(input("Draft", "2026-11-21"))
        let id = try #require(added.id)
        try await repository.toggle(id: id)
        let updated = try await repository.update(id: id, with: input("Final", "2026-11-22", details: "Send it"))
        #expect(updated.id == id)
        #expect(updated.name == "Final")
        #expect(updated.details == "Send it")
        #expect(updated.day == day("2026-11-22"))
        #expect(updated.isDone == true)
        #expect(updated.createdAt == added.createdAt)
        #expect(updated.updatedAt > added.updatedAt)
        #expect(try await repository.find(id: id) == updated)
    }

    @Test("toggles done and back")
    func toggle() async throws {
        let id = try #require(try await repository.add(input("Ring", "2026-11-21")).id)
        #expect(try await repository.toggle(id: id).isDone == true)
        #expect(try await repository.find(id: id).isDone == true)
        #expect(try await repository.toggle(id: id).isDone == false)
        #expect(try await repository.setDone(id: id, true).isDone == true)
        #expect(try await repository.setDone(id: id, true).isDone == true)
        #expect(try await repository.setDone(id: id, false).isDone == false)
    }

    @Test("deletes a task and returns it, so that restoring puts it back with the same identifier")
    func deleteAndRestore() async throws {
        let kept = try await repository.add(input("Kept", "2026-11-20"))
        let doomed = try await repository.add(input("Doomed", "2026-11-21", details: "Details survive"))
        let id = try #require(doomed.id)
        try await repository.toggle(id: id)
        let snapshot = try await repository.find(id: id)

        let deleted = try await repository.delete(id: id)
        #expect(deleted == snapshot)
        #expect(try await repository.all() == [kept])
        await #expect(throws: TaskListError.notFound(id: id)) { try await repository.find(id: id) }

        let restored = try await repository.restore(deleted)
        #expect(restored == snapshot)
        #expect(try await repository.find(id: id) == snapshot)
        #expect(try await repository.all() == [kept, snapshot])
    }

    @Test("restoring twice changes nothing the second time")
    func restoreTwice() async throws {
        let id = try #require(try await repository.add(input("Once", "2026-11-21")).id)
        let deleted = try await repository.delete(id: id)
        try await repository.restore(deleted)
        let again = try await repository.restore(deleted)
        #expect(again == deleted)
        #expect(try await repository.count() == 1)
    }

    @Test("never gives a deleted task's identifier to a new task")
    func identifiersAreNotReused() async throws {
        let first = try await repository.add(input("First", "2026-11-21"))
        let second = try await repository.add(input("Second", "2026-11-21"))
        let deleted = try await repository.delete(id: try #require(second.id))
        let third = try await repository.add(input("Third", "2026-11-21"))
        #expect(third.id != deleted.id)
        #expect(third.id != first.id)
        let restored = try await repository.restore(deleted)
        #expect(restored.id == second.id)
        #expect(try await repository.count() == 3)
    }

    @Test("refuses to edit, toggle or delete a task that no longer exists, with a clear message")
    func missingTask() async throws {
        let id = try #require(try await repository.add(input("Gone soon", "2026-11-21")).id)
        try await repository.delete(id: id)
        let missing = TaskListError.notFound(id: id)
        await #expect(throws: missing) { try await repository.find(id: id) }
        await #expect(throws: missing) { try await repository.update(id: id, with: input("Again", "2026-11-21")) }
        await #expect(throws: missing) { try await repository.toggle(id: id) }
        await #expect(throws: missing) { try await repository.setDone(id: id, true) }
        await #expect(throws: missing) { try await repository.delete(id: id) }
        await #expect(throws: TaskListError.notFound(id: 999)) { try await repository.toggle(id: 999) }
        #expect(missing.description == "That task no longer exists. It may have been deleted in another window.")
        #expect(missing.localizedDescription == missing.description)
        #expect(try await repository.all().isEmpty)
    }

    @Test("seeds a few example tasks around today, one of them done")
    func seed() async throws {
        let today = day("2026-11-21")
        let seeded = try await repository.seedIfEmpty(today: today)
        #expect(seeded.count >= 3)
        #expect(seeded.filter(\.isDone).count == 1)
        #expect(seeded.allSatisfy { abs($0.day.daysSince1970 - today.daysSince1970) <= 7 })
        #expect(seeded.allSatisfy { !$0.name.isEmpty && $0.name.count <= TaskValidation.maxNameLength })
        #expect(try await repository.all() == seeded)
    }

    @Test("seeds only once, even after every task is deleted")
    func seedOnce() async throws {
        let today = day("2026-11-21")
        let seeded = try await repository.seedIfEmpty(today: today)
        #expect(try await repository.seedIfEmpty(today: today).isEmpty)
        for item in seeded { try await repository.delete(id: try #require(item.id)) }
        #expect(try await repository.seedIfEmpty(today: today.adding(days: 30)).isEmpty)
        #expect(try await repository.all().isEmpty)
    }

    @Test("does not seed a database that already holds tasks")
    func noSeedOverExistingTasks() async throws {
        let mine = try await repository.add(input("Mine", "2026-11-21"))
        #expect(try await repository.seedIfEmpty(today: day("2026-11-21")).isEmpty)
        #expect(try await repository.all() == [mine])
    }

    @Test("lists tasks in SQL in exactly the comparator's order")
    func sqlOrderMatchesComparator() async throws {
        let names = [
            "apple", "Apple", "APPLE", "banana", "Banana split", "Éclair", "éclair", "eclair", "zebra", "Zoë", "straße", "STRASSE",
            "10 things", "2 things", "_under", "a",
        ]
        let days = ["2026-11-19", "2026-11-20", "2026-11-21", "2025-12-31"]
        var generator = SeededGenerator(seed: 470)
        var ids: [Int64] = []
        for index in 0..<120 {
            let name = names[Int(generator.next() % UInt64(names.count))]
            let dayText = days[Int(generator.next() % UInt64(days.count))]
            let added = try await repository.add(input(name, dayText, details: "#\(index)"))
            ids.append(try #require(added.id))
        }
        for id in ids where generator.next() % 3 == 0 {
            try await repository.toggle(id: id)
        }
        let fromSQL = try await repository.all()
        let shuffled = fromSQL.shuffled(using: &generator)
        #expect(fromSQL.count == 120)
        #expect(fromSQL.map { $0.id } == TaskOrdering.sorted(shuffled).map { $0.id })
        #expect(Set(fromSQL) == Set(shuffled))
    }

    @Test("keeps tasks after the database is closed and opened again")
    func persistence() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("TaskListTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("tasks.sqlite").path

        let written: [TaskItem]
        do {
            let pool = try TemporaryTaskDatabase.open(path)
            let repository = TaskRepository(writer: pool)
            try await repository.seedIfEmpty(today: day("2026-11-21"))
            let added = try await repository.add(input("Survives", "2026-11-22", details: "Across\nlines"))
            try await repository.toggle(id: try #require(added.id))
            written = try await repository.all()
            try pool.close()
        }

        let reopened = try TemporaryTaskDatabase.open(path)
        let repository = TaskRepository(writer: reopened)
        #expect(try await repository.all() == written)
        #expect(try await repository.seedIfEmpty(today: day("2026-11-21")).isEmpty)
        try reopened.close()
    }

    @Test("reports a damaged row as an error instead of crashing")
    func damagedRow() async throws {
        try await database.pool.write { db in
            try db.execute(
                sql: "INSERT INTO tasks_item (name, details, isDone, day, createdAt, updatedAt) VALUES ('Odd', '', 0, '2025-02-30', 0, 0)"
            )
        }
        await #expect(throws: (any Error).self) { try await repository.all() }
        await #expect(throws: (any Error).self) { try await repository.toggle(id: 1) }
    }

    @Test("can be used from async code")
    func asyncUse() async throws {
        let repository = self.repository
        let added = try await Task.detached { try await repository.add(input("From a task", "2026-11-21")) }.value
        #expect(try await repository.find(id: try #require(added.id)) == added)
    }
}

/// A small deterministic random number generator (SplitMix64), so that generated cases are the same every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Migrating an existing task database")
struct TaskMigrationTests {
    @Test("tasks.v2 gives tasks stored before it their sort key, so they keep their place in the list")
    func sortKeyBackfill() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("TaskMigration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pool = try DatabasePool(path: directory.appendingPathComponent("tasks.sqlite").path)
        var old = DatabaseMigrator()
        TaskListMigrations.register(in: &old)
        try old.migrate(pool, upTo: TaskListMigrations.v1)
        try await pool.write { db in
            for name in ["banana", "Apple", "cherry"] {
                try db.execute(
                    sql: "INSERT INTO tasks_item (name, details, isDone, day, createdAt, updatedAt) VALUES (?, '', 0, '2026-11-21', 0, 0)",
                    arguments: [name]
                )
            }
        }
        try TaskListMigrations.migrate(pool)
        let names = try await TaskRepository(writer: pool).all().map(\.name)
        #expect(names == ["Apple", "banana", "cherry"])
        try pool.close()
    }
}
