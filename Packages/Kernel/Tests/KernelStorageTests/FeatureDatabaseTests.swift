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
        #expect(applied == ["kernel.changes.v1", "notes.v1", "kernel.outbox.v1"])  // the change log first, the outbox last
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

    @Test("the change monitor reports what another process changed, from the change log, and not the app's own")
    func changeMonitor() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let path = temp.dataDirectory.databasePath(named: "notes")
        let pool = try FeatureDatabase.open(named: "notes", in: temp.dataDirectory, migrations: Self.migrations)
        let reports = Mutex<[[DatabaseChange]]>([])
        let monitor = DatabaseChangeMonitor(writer: pool, interval: .milliseconds(20))
        let task = Task { try await monitor.run { changes in reports.withLock { $0.append(changes) } } }
        try await Task.sleep(for: .milliseconds(60))
        try await pool.write { db in
            try db.execute(sql: "INSERT INTO notes_item (text) VALUES ('our own')")
            try ChangeLog.record(db, kind: "added", id: db.lastInsertedRowID)
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(reports.withLock { $0 }.isEmpty)

        // Another process uses its own connection and records its own process id as the origin.
        let other = try DatabaseQueue(path: path)
        try await other.write { db in
            try db.execute(sql: "INSERT INTO notes_item (text) VALUES ('from elsewhere')")
            try db.execute(
                sql: "INSERT INTO kernel_change (kind, entityID, origin) VALUES ('added', ?, -42)",
                arguments: [db.lastInsertedRowID]
            )
        }
        try await eventually("the monitor reports the change") { !reports.withLock { $0 }.isEmpty }
        task.cancel()
        let report = try #require(reports.withLock { $0 }.first)
        #expect(report.map(\.kind) == ["added"])
        #expect(report.map(\.entityID) == [2])
    }

    @Test("a change another process makes after the database opened but before the monitor starts is still reported")
    func changeBeforeMonitorStarts() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let pool = try FeatureDatabase.open(named: "notes", in: temp.dataDirectory, migrations: Self.migrations)
        let openedAt = try await pool.read { db in try ChangeLog.latest(db) }
        let other = try DatabaseQueue(path: temp.dataDirectory.databasePath(named: "notes"))
        try await other.write { db in
            try db.execute(sql: "INSERT INTO kernel_change (kind, entityID, origin) VALUES ('added', 7, -42)")
        }
        let reports = Mutex<[[DatabaseChange]]>([])
        let monitor = DatabaseChangeMonitor(writer: pool, interval: .milliseconds(20), startingAfter: openedAt)
        let task = Task { try await monitor.run { changes in reports.withLock { $0.append(changes) } } }
        try await eventually("the early change is reported") { !reports.withLock { $0 }.isEmpty }
        task.cancel()
        #expect(reports.withLock { $0 }.first?.map(\.entityID) == [7])
    }

    @Test("in-memory databases are migrated too, for unit tests")
    func inMemory() throws {
        let queue = try FeatureDatabase.inMemory(migrations: Self.migrations)
        try queue.write { db in try db.execute(sql: "INSERT INTO notes_item (text) VALUES ('x')") }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM notes_item") } == 1)
    }
}
