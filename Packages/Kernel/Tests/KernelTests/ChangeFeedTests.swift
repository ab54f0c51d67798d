import Foundation
import GRDB
import KernelEvents
import KernelStorage
import KernelTestSupport
import Synchronization
import Testing

@testable import Kernel

/// A row-change event for the tests' notes table.
struct NoteChanged: RowChangeEvent, Hashable {
    static let name: EventName = "notes.changed"
    enum Change: String, RowChangeKind, Codable, Sendable, Hashable { case added, removed, batch }
    let change: Change
    let ids: [Int64]
    let owner: PersonID
    init(_ change: Change, ids: [Int64], owner: PersonID = .local) {
        self.change = change
        self.ids = ids
        self.owner = owner
    }
}

@Suite("The change feed: one way a committed change travels")
struct ChangeFeedTests {
    static let migrations = FeatureMigrations { migrator in
        migrator.registerMigration("notes.v1") { db in
            try db.create(table: "notes_item") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("text", .text).notNull()
            }
        }
    }

    /// Writes a note and returns it as changed, as a feature's store does.
    static func add(_ text: String, _ db: Database) throws -> Changed<Void> {
        try db.execute(sql: "INSERT INTO notes_item (text) VALUES (?)", arguments: [text])
        return Changed((), NoteChanged.Change.added, id: db.lastInsertedRowID)
    }

    @Test("this process's commit is told before the write returns: caches forgotten first, then the event, then committed")
    func ownCommit() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let pool = try FeatureDatabase.open(named: "notes", in: temp.dataDirectory, migrations: Self.migrations)
        let bus = EventBus()
        let order = Mutex<[String]>([])
        let cache = CachedValue<Int> {
            order.withLock { $0.append("read") }
            return 1
        }
        _ = try await cache.value()
        let observation = bus.addObserver(for: NoteChanged.self) { change in
            order.withLock { $0.append("event \(change.change.rawValue) \(change.ids) cached=\(cache.kept != nil)") }
        }
        let feed = ChangeFeed(
            database: pool,
            event: NoteChanged.self,
            bus: bus,
            caches: FeatureCaches([cache]),
            startingAfter: 0,
            committed: { order.withLock { $0.append("committed") } }
        )
        feed.start()
        try await pool.write(changing: { db in try Self.add("one", db) })
        #expect(order.withLock { $0 } == ["read", "event added [1] cached=false", "committed"])
        // A transaction that records nothing tells nothing.
        try await pool.write { db in try db.execute(sql: "UPDATE notes_item SET text = 'same'") }
        #expect(order.withLock { $0 }.count == 3)
        withExtendedLifetime(observation) {}
    }

    @Test("another process's commits are told when the feed catches up, once, from where it started")
    func otherProcess() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let pool = try FeatureDatabase.open(named: "notes", in: temp.dataDirectory, migrations: Self.migrations)
        let openedAt = try await pool.read { db in try ChangeLog.latest(db) }
        let other = try DatabaseQueue(path: temp.dataDirectory.databasePath(named: "notes"))
        // Committed after the database was opened, before the feed started: not missed.
        try await other.write(changing: { db in try Self.add("early", db) })
        let bus = EventBus()
        let told = Mutex<[NoteChanged]>([])
        let observation = bus.addObserver(for: NoteChanged.self) { change in told.withLock { $0.append(change) } }
        let feed = ChangeFeed(database: pool, event: NoteChanged.self, bus: bus, startingAfter: openedAt)
        feed.start()
        try await other.write(changing: { db in
            try db.execute(sql: "INSERT INTO kernel_change (kind, entityID, origin) VALUES ('removed', 1, -42)")
            return try Self.add("later", db)
        })
        #expect(told.withLock { $0 }.isEmpty, "another connection's commit is not seen by GRDB here")
        await feed.catchUp()
        await feed.catchUp()
        #expect(told.withLock { $0 } == [NoteChanged(.batch, ids: [1, 2])])
        withExtendedLifetime(observation) {}
    }
}
