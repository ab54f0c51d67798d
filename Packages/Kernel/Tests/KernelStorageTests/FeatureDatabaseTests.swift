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
        // The change log first, then the feature's, then the outbox and the owners of both.
        #expect(applied == ["kernel.changes.v1", "notes.v1", "kernel.outbox.v1", "kernel.changes.v2", "kernel.outbox.v2"])
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

    @Test("the file watch tells which database another connection wrote to, and nothing while nothing is written")
    func fileWatch() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let pool = try FeatureDatabase.open(named: "notes", in: temp.dataDirectory, migrations: Self.migrations)
        let watch = DatabaseFileWatch(directory: temp.dataDirectory.path)
        let told = Mutex<[String]>([])
        let listening = Task { for await name in watch.changes { told.withLock { $0.append(name) } } }
        try await Task.sleep(for: .milliseconds(200))
        #expect(told.withLock { $0 }.isEmpty, "nothing written, nothing told")
        let other = try DatabasePool(path: temp.dataDirectory.databasePath(named: "notes"))
        try await other.write { db in try db.execute(sql: "INSERT INTO notes_item (text) VALUES ('from elsewhere')") }
        try await eventually("the write is told") { told.withLock { $0 }.contains("notes") }
        watch.stop()
        await listening.value
        try other.close()
        try pool.close()
    }

    @Test("in-memory databases are migrated too, for unit tests")
    func inMemory() throws {
        let queue = try FeatureDatabase.inMemory(migrations: Self.migrations)
        try queue.write { db in try db.execute(sql: "INSERT INTO notes_item (text) VALUES ('x')") }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM notes_item") } == 1)
    }
}
