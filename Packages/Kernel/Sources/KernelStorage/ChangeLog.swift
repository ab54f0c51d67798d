import Foundation
import GRDB

/// One change recorded in a feature database's change log: what kind of change, to which row, whose.
public struct DatabaseChange: Sendable, Hashable, Codable, FetchableRecord {
    /// The change's place in the log, increasing with every change.
    public let seq: Int64
    /// The kind of change, in the feature's words (`added`, `updated`, …).
    public let kind: String
    /// The row the change is about, if it is about one.
    public let entityID: Int64?
    /// The person whose row changed: only their open pages hear of it.
    public let owner: PersonID

    /// A change, as read back from the log.
    public init(seq: Int64, kind: String, entityID: Int64?, owner: PersonID = .local) {
        self.seq = seq
        self.kind = kind
        self.entityID = entityID
        self.owner = owner
    }
}

/// The change log every feature database carries (`kernel_change`): what changed, to which row, in the order it was
/// committed, whichever process committed it.
///
/// A feature's write returns what it changed (``Changed``) and ``GRDB/DatabaseWriter/write(changing:)`` records it
/// inside the write's transaction, so the log and the data commit together. The Kernel's change feed (`ChangeFeed`, in
/// Kernel) reads the entries after the last one it saw — after each of this process's commits, and after another's —
/// and posts them as the feature's one change event. The log keeps the latest entries only.
public enum ChangeLog {
    /// The table, created by the kernel's migration `kernel.changes.v1` in every feature database.
    public static let tableName = "kernel_change"
    /// How many entries are kept; older ones are pruned as new ones arrive.
    public static let retained: Int64 = 10_000

    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("kernel.changes.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE kernel_change (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        kind TEXT NOT NULL,
                        entityID INTEGER,
                        origin INTEGER NOT NULL
                    )
                    """
            )
        }
    }

    /// Gives every entry its owner (`owner`, the local person for the entries from before): registered after every
    /// feature's migrations, like the outbox.
    static func registerOwner(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("kernel.changes.v2") { db in
            try db.execute(sql: "ALTER TABLE kernel_change ADD COLUMN owner INTEGER NOT NULL DEFAULT 1")
        }
    }

    /// One changed row, as a write returns it (see ``Changed``): the kind of change, the row's id (nil for a change
    /// to no one row, such as a batch) and whose row it is.
    public struct Row: Sendable, Hashable {
        /// The kind of change, a raw value of the feature's change kinds.
        public let kind: String
        /// The row changed.
        public let id: Int64?
        /// The person whose row it is.
        public let owner: PersonID
    }

    /// Records a change of `kind` to row `id` of `owner`, inside the caller's write transaction.
    static func record(_ db: Database, _ row: Row) throws {
        try db.execute(
            sql: "INSERT INTO kernel_change (kind, entityID, owner, origin) VALUES (?, ?, ?, ?)",
            arguments: [row.kind, row.id, row.owner, processID]
        )
        let seq = db.lastInsertedRowID
        if seq % 1_000 == 0 {
            try db.execute(sql: "DELETE FROM kernel_change WHERE seq <= ?", arguments: [seq - retained])
        }
    }

    /// The sequence number of the newest entry, or 0 for an empty log.
    public static func latest(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(seq), 0) FROM kernel_change") ?? 0
    }

    /// The entries after `seq`, oldest first; with `othersOnly`, only those other processes recorded.
    public static func changes(after seq: Int64, othersOnly: Bool = false, _ db: Database) throws -> [DatabaseChange] {
        try DatabaseChange.fetchAll(
            db,
            sql: "SELECT seq, kind, entityID, owner FROM kernel_change WHERE seq > ? AND origin != ? ORDER BY seq",
            arguments: [seq, othersOnly ? processID : -1]
        )
    }

    /// The newest entry after `seq`, whoever recorded it.
    static func newest(after seq: Int64, _ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM kernel_change WHERE seq > ?", arguments: [seq]) ?? seq
    }

    /// This process, as recorded in the log's `origin` column.
    static let processID = Int64(ProcessInfo.processInfo.processIdentifier)
}
