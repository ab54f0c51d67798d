import Foundation
import GRDB
import Kernel
import KernelBus
import KernelStorage

/// Starts, lists and cancels countdowns. Each start stores the countdown (its end as an absolute time), stores its
/// notice in the kernel's notice center under the countdown's key (the host delivers it at the second), and hands it
/// to the operating system's scheduler for when the host is not running. Whoever delivers first wins; the other
/// finds the notice delivered and stays quiet.
public struct CountdownStore: Sendable {
    /// The countdown feature's database.
    public let database: any DatabaseWriter
    /// Where the countdown's notice waits.
    public let notices: NoticeCenter
    /// The scheduler for when the host is not running.
    public let scheduler: CountdownScheduler
    /// Where changes are announced (the page's live list).
    public let bus: NotificationBus

    /// The most countdowns listed: running ones first, then the most recently finished.
    public static let listLimit = 200

    /// A store on `database` (migrated with ``FeatureDescriptor/countdown``).
    public init(database: any DatabaseWriter, notices: NoticeCenter, scheduler: CountdownScheduler, bus: NotificationBus) {
        self.database = database
        self.notices = notices
        self.scheduler = scheduler
        self.bus = bus
    }

    /// A started countdown, and what the scheduler said when it was handed over (nil when it took it, or when there
    /// is none).
    public struct Started: Sendable {
        public let countdown: Countdown
        public let schedulerProblem: String?
    }

    /// Starts a countdown of `duration` at `now`.
    public func start(_ duration: CountdownDuration, label: String, now: Date = Date()) async throws -> Started {
        var countdown = Countdown(label: label, duration: duration, now: now)
        try await database.write { [countdown] db in
            var countdown = countdown
            try countdown.insert(db)
            try ChangeLog.record(db, kind: CountdownChanged.Change.started.rawValue, id: countdown.id)
        }
        countdown =
            try await database.read { [key = countdown.key] db in
                try Countdown.filter(Column("key") == key).fetchOne(db)
            } ?? countdown
        try await notices.schedule(
            featureID: FeatureDescriptor.countdown.id,
            title: "Countdown finished",
            body: countdown.label.isEmpty ? countdown.title : countdown.label,
            link: "/countdown",
            at: countdown.deadline,
            key: countdown.key
        )
        var problem: String?
        var job: String?
        do {
            job = try await scheduler.schedule(key: countdown.key, at: countdown.deadline, now: now)
        } catch {
            problem = error.message
        }
        if let job {
            countdown.job = job
            try await database.write { [countdown] db in try countdown.update(db) }
        }
        bus.post(CountdownChanged(change: .started, id: countdown.id ?? 0))
        return Started(countdown: countdown, schedulerProblem: problem)
    }

    /// Cancels countdown `id`: it stops, its notice is withdrawn if not delivered yet, and its job is removed.
    /// Returns the countdown removed, nil when there was none.
    @discardableResult
    public func cancel(id: Int64) async throws -> Countdown? {
        let removed = try await database.write { db -> Countdown? in
            guard let countdown = try Countdown.fetchOne(db, key: id) else { return nil }
            try countdown.delete(db)
            try ChangeLog.record(db, kind: CountdownChanged.Change.removed.rawValue, id: id)
            return countdown
        }
        guard let removed else { return nil }
        try await notices.cancel(key: removed.key)
        if let job = removed.job { await scheduler.remove(job: job) }
        bus.post(CountdownChanged(change: .removed, id: id))
        return removed
    }

    /// Removes every countdown that has finished by `now` from the list (their notices stay in the inbox). Returns
    /// how many.
    @discardableResult
    public func clearFinished(now: Date = Date()) async throws -> Int {
        let count = try await database.write { db -> Int in
            let count = try Countdown.filter(Column("deadline") <= now).deleteAll(db)
            if count > 0 { try ChangeLog.record(db, kind: CountdownChanged.Change.removed.rawValue, id: nil) }
            return count
        }
        if count > 0 { bus.post(CountdownChanged(change: .removed, id: 0)) }
        return count
    }

    /// One countdown.
    public func find(id: Int64) async throws -> Countdown? {
        try await database.read { db in try Countdown.fetchOne(db, key: id) }
    }

    /// The countdowns to show at `now`: running ones, soonest end first, then finished ones, latest end first (at
    /// most ``listLimit`` in all), each with its notice.
    public func list(now: Date = Date()) async throws -> [CountdownRow] {
        let countdowns = try await database.read { db -> [Countdown] in
            let running = try Countdown.filter(Column("deadline") > now)
                .order(Column("deadline"), Column("id")).limit(Self.listLimit).fetchAll(db)
            let finished = try Countdown.filter(Column("deadline") <= now)
                .order(Column("deadline").desc, Column("id").desc)
                .limit(max(0, Self.listLimit - running.count)).fetchAll(db)
            return running + finished
        }
        let byKey = try await notices.notices(keys: countdowns.map(\.key))
        return countdowns.map { CountdownRow(countdown: $0, notice: byKey[$0.key], now: now) }
    }
}

/// A countdown as listed: its state at the time of listing and what became of its notice.
public struct CountdownRow: Sendable, Hashable {
    /// The countdown.
    public let countdown: Countdown
    /// Whether it has reached zero.
    public let isFinished: Bool
    /// When its notice was delivered, nil while it waits.
    public let deliveredAt: Date?
    /// Whether its notice came late (it ended while nothing ran to deliver it).
    public let late: Bool
    /// Seconds left, rounded up.
    public let secondsLeft: Int

    /// The row for `countdown` at `now`.
    public init(countdown: Countdown, notice: Notice?, now: Date) {
        self.countdown = countdown
        self.isFinished = countdown.isFinished(at: now)
        self.deliveredAt = notice?.deliveredAt
        self.late = notice?.late ?? false
        self.secondsLeft = countdown.secondsLeft(at: now)
    }
}
