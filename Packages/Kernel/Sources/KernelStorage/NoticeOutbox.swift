import Foundation
import GRDB

/// The notices a feature raises or withdraws, recorded (by ``GRDB/DatabaseWriter/write(changing:)``, from what the
/// write returns) in the feature's own database inside the transaction that makes the change they are about
/// (`kernel_outbox`, beside the ``ChangeLog`` in every feature database), so the change and its notice commit together:
/// no write spans two databases, and a crash loses neither half.
///
/// The kernel's notice center then carries each entry into the inbox (`NoticeCenter.publish(from:)`) and removes it:
/// the process that made the change does so at once, and a host does so at start and whenever another process
/// commits to the feature's database, so an entry a crash left behind is carried on by whoever comes next. Carrying
/// an entry twice does no harm: a notice is one of a kind by its key.
public enum NoticeOutbox {
    /// The table, created by the kernel's migration `kernel.outbox.v1` in every feature database.
    public static let tableName = "kernel_outbox"

    /// A notice a write schedules, or withdraws (see ``Changed``).
    public enum Notice: Sendable, Hashable {
        /// A notice for `owner` due `at`, one of a kind by `key`.
        case schedule(featureID: String, key: String, title: String, body: String, link: String?, at: Date, owner: PersonID)
        /// The withdrawal of the notice under `key`, if it is not delivered yet.
        case withdraw(featureID: String, key: String)
    }

    /// One entry: a notice to schedule under `key`, or (with no title) the notice under `key` to withdraw.
    public struct Entry: Sendable, Hashable, Codable, FetchableRecord {
        /// The entry's place in the outbox.
        public let seq: Int64
        /// The notice's key: one notice per key.
        public let key: String
        /// The feature raising it.
        public let featureID: String
        /// The notice's title; nil for a withdrawal.
        public let title: String?
        /// The notice's text.
        public let body: String?
        /// Where the notice leads.
        public let link: String?
        /// When the notice is due.
        public let deliverAt: Date?
        /// The person the notice is for; nil in an entry read from a database not yet migrated to say so (an
        /// operating-system job reading it before the upgraded host first ran): the local person's.
        public let owner: PersonID?

        /// Whether the entry withdraws the notice under its key rather than scheduling one.
        public var isWithdrawal: Bool { title == nil }
    }

    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("kernel.outbox.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE kernel_outbox (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        key TEXT NOT NULL,
                        featureID TEXT NOT NULL,
                        title TEXT,
                        body TEXT,
                        link TEXT,
                        deliverAt DATETIME
                    )
                    """
            )
        }
    }

    /// Gives every entry the person it is for (`owner`, the local person for the entries from before): registered
    /// after the outbox.
    static func registerOwner(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("kernel.outbox.v2") { db in
            try db.execute(sql: "ALTER TABLE kernel_outbox ADD COLUMN owner INTEGER NOT NULL DEFAULT 1")
        }
    }

    /// Records `notice` inside the caller's write transaction (see ``GRDB/DatabaseWriter/write(changing:)``).
    static func record(_ notice: Notice, _ db: Database) throws {
        switch notice {
        case .schedule(let featureID, let key, let title, let body, let link, let date, let owner):
            try db.execute(
                sql: """
                    INSERT INTO kernel_outbox (key, featureID, title, body, link, deliverAt, owner)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [key, featureID, title, body, link, date, owner]
            )
        case .withdraw(let featureID, let key):
            try db.execute(sql: "INSERT INTO kernel_outbox (key, featureID) VALUES (?, ?)", arguments: [key, featureID])
        }
    }

    /// The entries not carried on yet, oldest first.
    public static func pending(_ db: Database) throws -> [Entry] {
        try Entry.fetchAll(db, sql: "SELECT * FROM kernel_outbox ORDER BY seq")
    }

    /// Removes the entries up to `seq`, once they have been carried on.
    public static func remove(through seq: Int64, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM kernel_outbox WHERE seq <= ?", arguments: [seq])
    }
}
