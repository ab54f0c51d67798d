import Foundation
import GRDB
import KernelBus
import KernelStorage

/// Raises, schedules, delivers and lists user notices. It keeps them in the kernel's own database, so a notice due
/// while the host was stopped is delivered when it starts again.
public struct NoticeCenter: Sendable {
    /// The name of ``NoticeDelivered``, posted on the bus when a notice is delivered.
    public static let delivered = NoticeDelivered.name

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
    }

    private let database: any DatabaseWriter
    private let bus: NotificationBus
    private let desktop: DesktopNotifier?

    /// A notice center storing into `database` (migrated with `NoticeCenter.migrations`) and posting on `bus`.
    public init(database: any DatabaseWriter, bus: NotificationBus, desktop: DesktopNotifier? = nil) {
        self.database = database
        self.bus = bus
        self.desktop = desktop
    }

    /// Raises a notice now, or schedules it for `date` when that lies in the future.
    @discardableResult
    public func raise(
        featureID: String,
        title: String,
        body: String,
        link: String? = nil,
        at date: Date = Date()
    ) async throws -> Notice {
        let notice = try await schedule(featureID: featureID, title: title, body: body, link: link, at: date)
        if date <= Date() {
            try await deliverDue()
        }
        return notice
    }

    /// Stores a notice for a host to deliver at `date`, without delivering it here. The CLI uses this: a host
    /// running on the same data directory (or the next one started) delivers it, live, within about a second.
    @discardableResult
    public func schedule(
        featureID: String,
        title: String,
        body: String,
        link: String? = nil,
        at date: Date = Date()
    ) async throws -> Notice {
        let notice = Notice(featureID: featureID, title: title, body: body, link: link, deliverAt: date)
        return try await database.write { db in
            var notice = notice
            try notice.insert(db)
            return notice
        }
    }

    /// Delivers every notice whose time has come, oldest first, and returns them.
    @discardableResult
    public func deliverDue(now: Date = Date()) async throws -> [Notice] {
        let due = try await database.write { db -> [Notice] in
            var due = try Notice.filter(Column("deliveredAt") == nil && Column("deliverAt") <= now)
                .order(Column("deliverAt"), Column("id"))
                .fetchAll(db)
            for index in due.indices {
                due[index].deliveredAt = now
                try due[index].update(db)
            }
            return due
        }
        for notice in due {
            bus.post(NoticeDelivered(notice))
            desktop?.show(title: notice.title, body: notice.body)
        }
        return due
    }

    /// When the next waiting notice is due, if any.
    public func nextDueDate() async throws -> Date? {
        try await database.read { db in
            try Date.fetchOne(db, sql: "SELECT MIN(deliverAt) FROM kernel_notice WHERE deliveredAt IS NULL")
        }
    }

    /// Delivered notices, newest first.
    public func inbox(limit: Int = 100) async throws -> [Notice] {
        try await database.read { db in
            try Notice.filter(Column("deliveredAt") != nil)
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

    /// How many delivered notices are unread.
    public func unreadCount() async throws -> Int {
        try await database.read { db in
            try Notice.filter(Column("deliveredAt") != nil && Column("readAt") == nil).fetchCount(db)
        }
    }

    /// Marks every delivered notice as read.
    public func markAllRead(now: Date = Date()) async throws {
        _ = try await database.write { db in
            try Notice.filter(Column("deliveredAt") != nil && Column("readAt") == nil)
                .updateAll(db, Column("readAt").set(to: now))
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
