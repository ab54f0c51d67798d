import Foundation
import GRDB
import KernelStorage
import KernelTestSupport
import Synchronization
import Testing

@Suite("Feature databases")
struct FeatureDatabaseTests {
    static let migrations = FeatureMigrations { migrator in
        migrator.registerMigration("notes.v1") { db in
            try db.create(table: "notes_item") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("text", .text).notNull()
            }
        }
    }

    @Test("each feature gets its own file, in WAL mode, migrated")
    func opensWalFile() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let pool = try FeatureDatabase.open(named: "notes", in: temp.dataDirectory, migrations: Self.migrations)
        #expect(FileManager.default.fileExists(atPath: temp.path + "/notes.sqlite"))
        let mode = try pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        let applied = try pool.read { db in try Self.migrations.migrator().appliedMigrations(db) }
        #expect(applied == ["notes.v1"])
    }

    @Test("data survives closing and reopening; migrations run once")
    func persists() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        do {
            let pool = try FeatureDatabase.open(named: "notes", in: temp.dataDirectory, migrations: Self.migrations)
            try pool.write { db in try db.execute(sql: "INSERT INTO notes_item (text) VALUES ('kept')") }
        }
        let reopened = try FeatureDatabase.open(named: "notes", in: temp.dataDirectory, migrations: Self.migrations)
        let texts = try reopened.read { db in try String.fetchAll(db, sql: "SELECT text FROM notes_item") }
        #expect(texts == ["kept"])
    }

    @Test("a file that is not a database fails with a clear error")
    func corruptFile() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        _ = FileManager.default.createFile(atPath: temp.path + "/notes.sqlite", contents: Data(repeating: 0x41, count: 4096))
        let error = #expect(throws: StorageError.self) {
            try FeatureDatabase.open(named: "notes", in: temp.dataDirectory, migrations: Self.migrations)
        }
        #expect(error?.description.contains("notes.sqlite") == true)
    }

    @Test("the change monitor notices a commit made by another connection, and not the app's own")
    func changeMonitor() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let path = temp.dataDirectory.databasePath(named: "notes")
        let pool = try FeatureDatabase.open(named: "notes", in: temp.dataDirectory, migrations: Self.migrations)
        let changes = Atomic<Int>(0)
        let monitor = DatabaseChangeMonitor(writer: pool, interval: .milliseconds(20))
        let task = Task { try await monitor.run { changes.add(1, ordering: .relaxed) } }
        try await Task.sleep(for: .milliseconds(60))
        try await pool.write { db in try db.execute(sql: "INSERT INTO notes_item (text) VALUES ('our own')") }
        try await Task.sleep(for: .milliseconds(100))
        #expect(changes.load(ordering: .relaxed) == 0)

        // Another process would use its own connection; a second queue on the same file is the same thing.
        let other = try DatabaseQueue(path: path)
        try await other.write { db in try db.execute(sql: "INSERT INTO notes_item (text) VALUES ('from elsewhere')") }
        try await waitUntil { changes.load(ordering: .relaxed) >= 1 }
        task.cancel()
    }

    @Test("in-memory databases are migrated too, for unit tests")
    func inMemory() throws {
        let queue = try FeatureDatabase.inMemory(migrations: Self.migrations)
        try queue.write { db in try db.execute(sql: "INSERT INTO notes_item (text) VALUES ('x')") }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM notes_item") } == 1)
    }
}

/// Polls `condition` until it holds, failing after `timeout`.
func waitUntil(timeout: Duration = .seconds(3), _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now > deadline {
            Issue.record("condition not met within \(timeout)")
            return
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}
