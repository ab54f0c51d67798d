import Foundation
import GRDB
import KernelEvents
import KernelStorage

/// Raises, schedules, delivers and lists notices, each for one person (``Notice/owner``). It keeps them in the kernel's
/// own database, so a notice due while the host was stopped is delivered when it starts again. A person's inbox holds
/// their notices only.
public struct NoticeCenter: Sendable {

    /// The kernel's migrations for notices.
    public static let migrations = FeatureMigrations { migrator in
        migrator.registerMigration("kernel.v1") { db in
            try db.create(table: "kernel_notice") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("featureID", .text).notNull()
                table.column("title", .text).notNull()
                table.column("body", .text).notNull()
                table.column("link", .text)
                table.column("deliverAt", .datetime).notNull().indexed()
                table.column("deliveredAt", .datetime)
                table.column("readAt", .datetime)
            }
        }
        migrator.registerMigration("kernel.v2") { db in
            try db.alter(table: "kernel_notice") { table in
                table.add(column: "key", .text)
                table.add(column: "late", .boolean).notNull().defaults(to: false)
                table.add(column: "announcedAt", .datetime)
            }
            try db.create(index: "kernel_notice_key", on: "kernel_notice", columns: ["key"], unique: true)
            // Notices delivered before this version were shown by the host that delivered them.
            try db.execute(sql: "UPDATE kernel_notice SET announcedAt = deliveredAt WHERE deliveredAt IS NOT NULL")
        }
        migrator.registerMigration("kernel.v3") { db in
            // The delivery loop's two questions, asked on every wake-up, read only the notices they are about: those
            // waiting, by time, and those delivered by another process and not yet announced (the inbox keeps every
            // delivered notice, so without these both would read the whole table).
            try db.execute(
                sql: """
                    CREATE INDEX kernel_notice_waiting ON kernel_notice (deliverAt) WHERE deliveredAt IS NULL;
                    CREATE INDEX kernel_notice_unannounced ON kernel_notice (deliveredAt)
                        WHERE deliveredAt IS NOT NULL AND announcedAt IS NULL;
                    """
            )
        }
        migrator.registerMigration("kernel.v4", migrate: PushQueue.createTables)
        migrator.registerMigration("kernel.v5") { db in
            // A notice taken out of the inbox is kept a while, so that Undo can put it back.
            try db.alter(table: "kernel_notice") { table in table.add(column: "removedAt", .datetime) }
        }
        migrator.registerMigration("kernel.v6") { db in
            // Each notice and each device is one person's; those from before are the local person's.
            try db.execute(
                sql: """
                    ALTER TABLE kernel_notice ADD COLUMN owner INTEGER NOT NULL DEFAULT 1;
                    CREATE INDEX kernel_notice_inbox ON kernel_notice (owner, deliveredAt) WHERE deliveredAt IS NOT NULL;
                    ALTER TABLE kernel_push_subscription ADD COLUMN owner INTEGER NOT NULL DEFAULT 1;
                    """
            )
        }
    }

    /// How long after its time a notice counts as late when delivered (it fell due while nothing ran to deliver it).
    public static let lateAfter: TimeInterval = 5

    let database: any DatabaseWriter
    private let bus: EventBus
    private let desktop: DesktopNotifier?

    /// A notice center storing into `database` (migrated with `NoticeCenter.migrations`) and posting on `bus`.
    public init(database: any DatabaseWriter, bus: EventBus, desktop: DesktopNotifier? = nil) {
        self.database = database
        self.bus = bus
        self.desktop = desktop
    }

    /// Raises a notice for `owner` now, or schedules it for `date` when that lies in the future.
    @discardableResult
    public func raise(
        featureID: String,
        title: String,
        body: String,
        link: String? = nil,
        at date: Date = Date(),
        key: String? = nil,
        for owner: PersonID = .local
    ) async throws -> Notice {
        // Raised by a running process for its time (not long past): delivered here at once, so it did not fall due
        // while nothing ran, and is not late however long a busy machine takes over the writes below.
        let onTime = Date().timeIntervalSince(date) <= Self.lateAfter
        let notice = try await schedule(
            featureID: featureID,
            title: title,
            body: body,
            link: link,
            at: date,
            key: key,
            for: owner
        )
        if date <= Date() {
            try await deliverDue(onTime: onTime ? notice.id : nil)
        }
        return notice
    }

    /// Stores a notice for a host to deliver at `date`, without delivering it here. The CLI uses this: a host
    /// running on the same data directory (or the next one started) delivers it, live, as soon as it sees the write (its file watch).
    ///
    /// With a `key`, the notice is one of a kind: when a notice with that key exists already (waiting or delivered),
    /// nothing is stored and that notice is returned.
    @discardableResult
    public func schedule(
        featureID: String,
        title: String,
        body: String,
        link: String? = nil,
        at date: Date = Date(),
        key: String? = nil,
        for owner: PersonID = .local
    ) async throws -> Notice {
        let notice = Notice(featureID: featureID, title: title, body: body, link: link, deliverAt: date, key: key, owner: owner)
        return try await database.write { db in try Self.store(notice, db) }
    }

    /// Stores `notice` unless one with its key exists (then returns that one), in the caller's transaction.
    static func store(_ notice: Notice, _ db: Database) throws -> Notice {
        if let key = notice.key, let existing = try Notice.filter(Column("key") == key).fetchOne(db) {
            return existing
        }
        var notice = notice
        try notice.insert(db)
        return notice
    }

    /// Removes the notice stored under `key` if it has not been delivered yet, in the caller's transaction.
    @discardableResult
    static func withdraw(key: String, _ db: Database) throws -> Bool {
        try Notice.filter(Column("key") == key && Column("deliveredAt") == nil).deleteAll(db) > 0
    }

    /// The notices waiting whose time has come by `now` (read through the index `kernel_notice_waiting`).
    static func due(by now: Date) -> QueryInterfaceRequest<Notice> {
        Notice.filter(Column("deliveredAt") == nil && Column("deliverAt") <= now)
    }

    /// The notices another process delivered that no host has announced yet (read through the index
    /// `kernel_notice_unannounced`).
    static var unannounced: QueryInterfaceRequest<Notice> {
        Notice.filter(Column("deliveredAt") != nil && Column("announcedAt") == nil)
    }

    /// Delivers every notice whose time has come, oldest first, and returns them. This is the host's delivery: each
    /// goes on the bus (a live toast on every open page) and to the desktop. A notice delivered more than
    /// ``lateAfter`` seconds after its time is marked late.
    ///
    /// Notices another process delivered meanwhile (an operating-system job, while the host was down or at the same
    /// second) are announced on the bus too, once, without a second desktop notification.
    ///
    /// With `announcing` false (a host starting, before anyone can listen), the due notices go to the inbox and the
    /// desktop only, and nothing is announced: the next call announces them, as it does those delivered elsewhere.
    /// The notice `onTime` names (one its raiser delivers at once) is never marked late.
    ///
    /// Looks first with a read, which takes no lock: the host calls this on every change to the inbox and when a notice
    /// falls due, and with nothing to deliver it must not take the write lock from a CLI or another process writing a
    /// burst of rows.
    @discardableResult
    public func deliverDue(now: Date = Date(), announcing: Bool = true, onTime: Int64? = nil) async throws -> [Notice] {
        let anything = try await database.read { db in
            try !Self.due(by: now).isEmpty(db) || (announcing && !Self.unannounced.isEmpty(db))
        }
        guard anything else { return [] }
        let (due, elsewhere) = try await database.write { db -> ([Notice], [Notice]) in
            var due = try Self.due(by: now)
                .order(Column("deliverAt"), Column("id"))
                .fetchAll(db)
            for index in due.indices {
                due[index].deliveredAt = now
                due[index].announcedAt = announcing ? now : nil
                due[index].late = due[index].id != onTime && now.timeIntervalSince(due[index].deliverAt) > Self.lateAfter
                try due[index].update(db)
            }
            try PushQueue.enqueue(due, now: now, db)
            guard announcing else { return (due, []) }
            var elsewhere = try Self.unannounced
                .order(Column("deliveredAt"), Column("id"))
                .fetchAll(db)
            for index in elsewhere.indices {
                elsewhere[index].announcedAt = now
                try elsewhere[index].update(db)
            }
            return (due, elsewhere)
        }
        for notice in elsewhere {
            bus.post(NoticeDelivered(notice))
        }
        for notice in due {
            if announcing { bus.post(NoticeDelivered(notice)) }
            // The desktop is the local person's: whoever runs the host.
            if notice.owner == .local { desktop?.show(title: notice.displayTitle, body: notice.body) }
        }
        return elsewhere + due
    }

    /// Delivers the notice stored under `key` from this process, if its time has come and nobody delivered it yet:
    /// into the inbox and to the desktop, leaving the live toast to a host (which announces it once its file watch sees the
    /// write, or when it next starts). Returns the notice when this call delivered it; nil when it was delivered already, was
    /// withdrawn, or is not due. An operating-system job calls this (`atelier notify --due KEY`); the host's own
    /// delivery and this one claim the notice in one transaction each, so exactly one of them notifies.
    @discardableResult
    public func deliver(key: String, now: Date = Date()) async throws -> Notice? {
        let delivered = try await database.write { db -> Notice? in
            guard var notice = try Notice.filter(Column("key") == key).fetchOne(db),
                notice.deliveredAt == nil, notice.deliverAt <= now
            else { return nil }
            notice.deliveredAt = now
            notice.late = now.timeIntervalSince(notice.deliverAt) > Self.lateAfter
            try notice.update(db)
            try PushQueue.enqueue([notice], now: now, db)
            return notice
        }
        if let delivered, delivered.owner == .local {
            await desktop?.showAndWait(title: delivered.displayTitle, body: delivered.body)
        }
        return delivered
    }

    /// The notice stored under `key`, if any.
    public func notice(key: String) async throws -> Notice? {
        try await database.read { db in try Notice.filter(Column("key") == key).fetchOne(db) }
    }

    /// The notices stored under any of `keys`, by key.
    public func notices(keys: [String]) async throws -> [String: Notice] {
        guard !keys.isEmpty else { return [:] }
        let found = try await database.read { db in try Notice.filter(keys.contains(Column("key"))).fetchAll(db) }
        return Dictionary(found.compactMap { notice in notice.key.map { ($0, notice) } }, uniquingKeysWith: { a, _ in a })
    }

    /// Withdraws the notice stored under `key` if it has not been delivered yet. Returns whether one was removed.
    @discardableResult
    public func cancel(key: String) async throws -> Bool {
        try await database.write { db in try Self.withdraw(key: key, db) }
    }

    /// When the next waiting notice is due, if any.
    public func nextDueDate() async throws -> Date? {
        try await database.read { db in
            try Date.fetchOne(db, sql: "SELECT MIN(deliverAt) FROM kernel_notice WHERE deliveredAt IS NULL")
        }
    }

    /// The notices in `person`'s inbox: delivered, and not removed from it.
    static func inInbox(of person: PersonID) -> QueryInterfaceRequest<Notice> {
        Notice.filter(Column("owner") == person && Column("deliveredAt") != nil && Column("removedAt") == nil)
    }

    /// `person`'s delivered notices, newest first.
    public func inbox(of person: PersonID = .local, limit: Int = 100) async throws -> [Notice] {
        try await database.read { db in
            try Self.inInbox(of: person)
                .order(Column("deliveredAt").desc, Column("id").desc)
                .limit(limit)
                .fetchAll(db)
        }
    }

    /// Notices still waiting for their time, soonest first.
    public func scheduled() async throws -> [Notice] {
        try await database.read { db in
            try Notice.filter(Column("deliveredAt") == nil).order(Column("deliverAt"), Column("id")).fetchAll(db)
        }
    }

    /// How many of `person`'s delivered notices are unread.
    public func unreadCount(of person: PersonID = .local) async throws -> Int {
        try await database.read { db in
            try Self.inInbox(of: person).filter(Column("readAt") == nil).fetchCount(db)
        }
    }

    /// Marks every delivered notice of `person` as read.
    public func markAllRead(of person: PersonID = .local, now: Date = Date()) async throws {
        _ = try await database.write { db in
            try Self.inInbox(of: person).filter(Column("readAt") == nil).updateAll(db, Column("readAt").set(to: now))
        }
    }

    /// Takes notice `id` out of `person`'s inbox (kept, for Undo: ``putBack(id:of:)``), and returns it; nil when their
    /// inbox holds no such notice.
    @discardableResult
    public func remove(id: Int64, of person: PersonID = .local, now: Date = Date()) async throws -> Notice? {
        try await database.write { db in
            guard var notice = try Self.inInbox(of: person).filter(Column("id") == id).fetchOne(db) else { return nil }
            notice.removedAt = now
            try notice.update(db)
            return notice
        }
    }

    /// Puts a notice `person` removed back in their inbox, as it was; nil when there is no such removed notice.
    @discardableResult
    public func putBack(id: Int64, of person: PersonID = .local) async throws -> Notice? {
        try await database.write { db in
            let removed = Notice.filter(Column("id") == id && Column("owner") == person && Column("removedAt") != nil)
            guard var notice = try removed.fetchOne(db) else {
                return nil
            }
            notice.removedAt = nil
            try notice.update(db)
            return notice
        }
    }

    /// Withdraws a notice that has not been delivered yet (a cancelled reminder). Returns whether one was removed.
    @discardableResult
    public func cancel(id: Int64) async throws -> Bool {
        try await database.write { db in
            try Notice.filter(Column("id") == id && Column("deliveredAt") == nil).deleteAll(db) > 0
        }
    }
}
