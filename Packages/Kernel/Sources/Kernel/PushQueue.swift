import Foundation
import GRDB
import KernelStorage

/// The browsers subscribed to Web Push, each one person's, and the pushes waiting to go to them, in the kernel's
/// database.
///
/// A delivery queues one push per browser of the notice's person in the transaction that marks the notice delivered
/// (``NoticeCenter/deliverDue(now:announcing:onTime:)``, ``NoticeCenter/deliver(key:now:)``), so each notice is pushed to
/// each browser once, whoever delivers it: the host or an operating-system job with the host down. A sender claims
/// what is due for a while (``claim(now:lease:limit:)``), sends, and then removes it, drops the browser, or asks for a
/// retry; a claim that lapses (the sender died) lets another sender take it up.
public struct PushQueue: Sendable {
    /// A browser's subscription, as its `PushSubscription.toJSON()` gives it.
    public struct Subscription: Sendable, Equatable {
        /// The push service's URL for this browser.
        public var endpoint: String
        /// The browser's P-256 public key (uncompressed point, base64url).
        public var p256dh: String
        /// The browser's 16-byte authentication secret (base64url).
        public var auth: String

        /// A subscription with these keys.
        public init(endpoint: String, p256dh: String, auth: String) {
            self.endpoint = endpoint
            self.p256dh = p256dh
            self.auth = auth
        }
    }

    /// A push to send: one notice, to one browser.
    public struct Pending: Sendable {
        /// The notice pushed.
        public var notice: Notice
        /// The browser it goes to.
        public var subscription: Subscription
        /// How many sends failed so far.
        public var attempts: Int
    }

    /// Creates the two tables (the kernel's migration `kernel.v4`).
    static func createTables(_ db: Database) throws {
        try db.create(table: "kernel_push_subscription") { table in
            table.primaryKey("endpoint", .text)
            table.column("p256dh", .text).notNull()
            table.column("auth", .text).notNull()
            table.column("createdAt", .datetime).notNull()
        }
        try db.create(table: "kernel_push_pending") { table in
            table.column("noticeID", .integer).notNull().references("kernel_notice", onDelete: .cascade)
            table.column("endpoint", .text).notNull().references("kernel_push_subscription", onDelete: .cascade)
            table.column("attempts", .integer).notNull().defaults(to: 0)
            table.column("nextAt", .datetime).notNull()
            table.column("claimedUntil", .datetime)
            table.primaryKey(["noticeID", "endpoint"])
        }
    }

    /// Queues a push of each of `notices` to every browser of its person, in the caller's (the delivery's)
    /// transaction.
    static func enqueue(_ notices: [Notice], now: Date, _ db: Database) throws {
        for notice in notices {
            guard let id = notice.id else { continue }
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO kernel_push_pending (noticeID, endpoint, nextAt)
                    SELECT ?, endpoint, ? FROM kernel_push_subscription WHERE owner = ?
                    """,
                arguments: [id, now, notice.owner]
            )
        }
    }

    let database: any DatabaseWriter

    /// The queue in the kernel's `database` (migrated with ``NoticeCenter/migrations``).
    public init(database: any DatabaseWriter) {
        self.database = database
    }

    /// Keeps `subscription` as `owner`'s (replacing the keys and the person of the same endpoint: one subscription
    /// per browser, for whoever subscribed it last). What was waiting for it goes with its former person.
    public func subscribe(_ subscription: Subscription, for owner: PersonID = .local, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM kernel_push_subscription WHERE endpoint = ? AND owner != ?",
                arguments: [subscription.endpoint, owner]
            )
            try db.execute(
                sql: """
                    INSERT INTO kernel_push_subscription (endpoint, p256dh, auth, createdAt, owner) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth
                    """,
                arguments: [subscription.endpoint, subscription.p256dh, subscription.auth, now, owner]
            )
        }
    }

    /// Forgets `owner`'s browser at `endpoint`, and what was waiting for it. Returns whether it was subscribed.
    @discardableResult
    public func unsubscribe(endpoint: String, of owner: PersonID = .local) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM kernel_push_subscription WHERE endpoint = ? AND owner = ?",
                arguments: [endpoint, owner]
            )
            return db.changesCount > 0
        }
    }

    /// Forgets the browser at `endpoint`, whoever's it was, and what was waiting for it: its push service said it is
    /// gone.
    public func drop(endpoint: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM kernel_push_subscription WHERE endpoint = ?", arguments: [endpoint])
        }
    }

    /// Every subscribed browser, oldest first.
    public func subscriptions() async throws -> [Subscription] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT endpoint, p256dh, auth FROM kernel_push_subscription ORDER BY createdAt")
                .map { Subscription(endpoint: $0["endpoint"], p256dh: $0["p256dh"], auth: $0["auth"]) }
        }
    }

    /// Whether any push waits, due or not.
    public func isEmpty() async throws -> Bool {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM kernel_push_pending") == 0 }
    }

    /// Takes up to `limit` pushes that are due and not claimed by another sender, and claims them for `lease`.
    public func claim(now: Date = Date(), lease: TimeInterval = 60, limit: Int = 50) async throws -> [Pending] {
        let anything = try await database.read { db in
            try Int.fetchOne(
                db,
                sql: "SELECT 1 FROM kernel_push_pending WHERE nextAt <= ? AND (claimedUntil IS NULL OR claimedUntil <= ?) LIMIT 1",
                arguments: [now, now]
            ) != nil
        }
        guard anything else { return [] }
        return try await database.write { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT p.noticeID, p.attempts, s.endpoint, s.p256dh, s.auth FROM kernel_push_pending p
                    JOIN kernel_push_subscription s ON s.endpoint = p.endpoint
                    WHERE p.nextAt <= ? AND (p.claimedUntil IS NULL OR p.claimedUntil <= ?)
                    ORDER BY p.nextAt, p.noticeID LIMIT ?
                    """,
                arguments: [now, now, limit]
            )
            var claimed: [Pending] = []
            for row in rows {
                let id: Int64 = row["noticeID"]
                guard let notice = try Notice.fetchOne(db, key: id) else { continue }
                let subscription = Subscription(endpoint: row["endpoint"], p256dh: row["p256dh"], auth: row["auth"])
                try db.execute(
                    sql: "UPDATE kernel_push_pending SET claimedUntil = ? WHERE noticeID = ? AND endpoint = ?",
                    arguments: [now.addingTimeInterval(lease), id, subscription.endpoint]
                )
                claimed.append(Pending(notice: notice, subscription: subscription, attempts: row["attempts"]))
            }
            return claimed
        }
    }

    /// The push was sent (or can never be): it no longer waits.
    public func finish(_ pending: Pending) async throws {
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM kernel_push_pending WHERE noticeID = ? AND endpoint = ?",
                arguments: [pending.notice.id, pending.subscription.endpoint]
            )
        }
    }

    /// The push failed for now: it waits until `date`, one attempt more.
    public func retry(_ pending: Pending, at date: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE kernel_push_pending SET attempts = attempts + 1, nextAt = ?, claimedUntil = NULL
                    WHERE noticeID = ? AND endpoint = ?
                    """,
                arguments: [date, pending.notice.id, pending.subscription.endpoint]
            )
        }
    }

    /// When the next push waiting falls due, if any waits.
    public func nextDueDate() async throws -> Date? {
        try await database.read { db in
            try Date.fetchOne(db, sql: "SELECT MIN(MAX(nextAt, COALESCE(claimedUntil, nextAt))) FROM kernel_push_pending")
        }
    }
}
