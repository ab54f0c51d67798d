import Foundation
import GRDB
import Kernel
import KernelStorage

/// Starts, lists and cancels one person's countdowns (``owner``: every query reads only theirs, another's is, to it,
/// one that does not exist). Each start stores the countdown (its end as an absolute time) with its notice
/// under the countdown's key (the host delivers it at the second), and hands it to the operating system's scheduler
/// for when the host is not running. Whoever delivers first wins; the other
/// finds the notice delivered and stays quiet.
public struct CountdownStore: Sendable {
    /// The countdown feature's database.
    public let database: any DatabaseWriter
    /// Where the countdown's notice waits.
    public let notices: NoticeCenter
    /// The scheduler for when the host is not running.
    public let scheduler: CountdownScheduler

    /// The most running countdowns listed.
    public static let runningLimit = 200
    /// How many finished countdowns one page lists.
    public static let finishedPageSize = 50

    /// The clock a listing is read by, unless one is given.
    public let clock: @Sendable () -> Date
    /// The person whose countdowns these are.
    public let owner: PersonID

    /// A store of `owner`'s countdowns on `database` (migrated with `FeatureDescriptor/countdown`), reading the time
    /// from `clock`.
    public init(
        database: any DatabaseWriter,
        notices: NoticeCenter,
        scheduler: CountdownScheduler,
        owner: PersonID = .local,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.database = database
        self.notices = notices
        self.scheduler = scheduler
        self.owner = owner
        self.clock = clock
    }

    /// The same store, for `person`'s countdowns.
    public func of(_ person: PersonID) -> CountdownStore {
        CountdownStore(database: database, notices: notices, scheduler: scheduler, owner: person, clock: clock)
    }

    /// The owner's countdowns: where every query starts.
    private var countdowns: QueryInterfaceRequest<Countdown> { Countdown.filter(Column("owner") == owner) }

    /// A started countdown, and what the scheduler said when it was handed over (nil when it took it, or when there
    /// is none).
    public struct Started: Sendable {
        public let countdown: Countdown
        public let schedulerProblem: String?
    }

    /// Starts a countdown of `duration` at `now`.
    ///
    /// The countdown and its notice are one transaction (the notice in the countdown database's `NoticeOutbox`): all
    /// that matters for the notice, which the Kernel carries into the inbox (a running host as it sees the commit, the
    /// scheduler's job or the next host otherwise). The countdown is then handed to the scheduler; if this process
    /// dies before that, the host still delivers the notice at its time.
    public func start(_ duration: CountdownDuration, label: String, now: Date = Date()) async throws -> Started {
        var countdown = try await database.write(changing: { db in
            var countdown = Countdown(label: label, duration: duration, now: now, owner: owner)
            try countdown.insert(db)
            var changed = Changed(countdown, CountdownChanged.Change.started, id: countdown.id, owner: owner)
            changed.schedule(
                featureID: FeatureDescriptor.countdown.id,
                key: countdown.key,
                title: "Countdown finished",
                body: countdown.title,
                link: "/countdown",
                at: countdown.deadline,
                for: owner
            )
            return changed
        })
        CrashPoint.reached("countdown.recorded")
        var problem: String?
        var job: String?
        do {
            job = try await scheduler.schedule(key: countdown.key, at: countdown.deadline, now: now)
        } catch {
            problem = error.message
        }
        CrashPoint.reached("countdown.scheduled")
        if let job {
            countdown.job = job
            // By id, not by record: a Cancel may have removed the row meanwhile (then the job goes too).
            let updated = try await database.write { [id = countdown.id] db in
                try Countdown.filter(Column("id") == id).updateAll(db, Column("job").set(to: job))
            }
            if updated == 0 { await scheduler.remove(job: job) }
        }
        return Started(countdown: countdown, schedulerProblem: problem)
    }

    /// Cancels countdown `id`: it stops, its notice is withdrawn if not delivered yet (in the same transaction, through
    /// the outbox), and its job is removed. Returns the countdown removed, nil when there was none.
    @discardableResult
    public func cancel(id: Int64) async throws -> Countdown? {
        let removed = try await database.write(changing: { db -> Changed<Countdown?> in
            guard let countdown = try countdowns.filter(Column("id") == id).fetchOne(db) else { return Changed(nil) }
            try countdown.delete(db)
            var changed = Changed(Optional(countdown), CountdownChanged.Change.removed, id: id, owner: owner)
            changed.withdraw(featureID: FeatureDescriptor.countdown.id, key: countdown.key)
            return changed
        })
        guard let removed else { return nil }
        if let job = removed.job { await scheduler.remove(job: job) }
        // The withdrawal waits in the outbox: a host carries it as it sees the commit, and so does the job's
        // `notify --due` before delivering, should the job outlive this process.
        CrashPoint.reached("countdown.withdrawn")
        return removed
    }

    /// Removes every countdown that has finished by `now` from the list (their notices stay in the inbox). Returns
    /// them, for Undo (``restore(_:)``).
    @discardableResult
    public func clearFinished(now: Date = Date()) async throws -> [Countdown] {
        try await database.write(changing: { db in
            let finished = countdowns.filter(Column("deadline") <= now)
            let cleared = try finished.fetchAll(db)
            try finished.deleteAll(db)
            var changed = Changed(cleared)
            if !cleared.isEmpty { changed.record(CountdownChanged.Change.removed, id: nil, owner: owner) }
            return changed
        })
    }

    /// Puts back finished countdowns cleared a moment ago (Undo), with their ids; one whose id is in use again is left
    /// out. Returns how many came back.
    @discardableResult
    public func restore(_ countdowns: [Countdown]) async throws -> Int {
        try await database.write(changing: { db in
            var count = 0
            for countdown in countdowns {
                if let id = countdown.id, try Countdown.exists(db, key: id) { continue }
                var restored = countdown
                restored.owner = owner
                try restored.insert(db)
                count += 1
            }
            var changed = Changed(count)
            if count > 0 { changed.record(CountdownChanged.Change.started, id: nil, owner: owner) }
            return changed
        })
    }

    /// One countdown.
    public func find(id: Int64) async throws -> Countdown? {
        try await database.read { db in try countdowns.filter(Column("id") == id).fetchOne(db) }
    }

    /// The countdowns to show at `now`: running ones, soonest end first (at most ``runningLimit``), then one page of
    /// finished ones, latest end first (``finishedPageSize`` at most, after `finishedAfter` when given), each with its
    /// notice, and the cursor of the next page of finished ones when there is one.
    public func list(now given: Date? = nil, finishedAfter cursor: CountdownCursor? = nil) async throws -> CountdownListing {
        let now = given ?? clock()
        return try await read(now: now, finishedAfter: cursor).listing(at: now)
    }

    /// The countdowns as read at `now` (see ``list(now:finishedAfter:)``), to be listed at that moment or a later one:
    /// what a page keeps in memory until a countdown changes or a notice is delivered.
    public func read(now given: Date? = nil, finishedAfter cursor: CountdownCursor? = nil) async throws -> CountdownReading {
        let now = given ?? clock()
        let mine = countdowns
        let (running, runningTotal, finished) = try await database.read { db -> ([Countdown], Int, [Countdown]) in
            let running =
                cursor == nil
                ? try mine.filter(Column("deadline") > now)
                    .order(Column("deadline"), Column("id")).limit(Self.runningLimit).fetchAll(db)
                : []
            let total =
                running.count < Self.runningLimit
                ? running.count : try mine.filter(Column("deadline") > now).fetchCount(db)
            var finished = mine.filter(Column("deadline") <= now)
            if let cursor {
                finished = finished.filter(
                    Column("deadline") < cursor.deadline
                        || (Column("deadline") == cursor.deadline && Column("id") < cursor.id)
                )
            }
            let page = try finished.order(Column("deadline").desc, Column("id").desc)
                .limit(Self.finishedPageSize + 1).fetchAll(db)
            return (running, total, page)
        }
        let shown = Array(finished.prefix(Self.finishedPageSize))
        let next =
            finished.count > Self.finishedPageSize
            ? shown.last.map { CountdownCursor(deadline: $0.deadline, id: $0.id ?? 0) } : nil
        let countdowns = running + shown
        return CountdownReading(
            countdowns: countdowns,
            notices: try await notices.notices(keys: countdowns.map(\.key)),
            runningNotShown: runningTotal - running.count,
            nextFinished: next
        )
    }
}

/// Where a page of finished countdowns ends: its last row's end and id. Written in a link as `<ms>.<id>`.
public struct CountdownCursor: Sendable, Hashable, CustomStringConvertible {
    public let deadline: Date
    public let id: Int64

    /// A cursor after the countdown ending at `deadline` with `id`.
    public init(deadline: Date, id: Int64) {
        self.deadline = deadline
        self.id = id
    }

    /// Reads `<milliseconds since 1970>.<id>`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 15, parts[1].count <= 19,
            let milliseconds = Int64(parts[0]), let id = Int64(parts[1]), milliseconds >= 0, id >= 0
        else { return nil }
        self.init(deadline: Date(timeIntervalSince1970: Double(milliseconds) / 1000), id: id)
    }

    public var description: String { "\(Int64((deadline.timeIntervalSince1970 * 1000).rounded())).\(id)" }
}

/// One page of countdowns as read from the databases, with their notices.
public struct CountdownReading: Sendable {
    var countdowns: [Countdown]
    var notices: [String: Notice]
    var runningNotShown: Int
    var nextFinished: CountdownCursor?

    /// Whether any countdown read has finished by `now`.
    public func hasFinished(at now: Date) -> Bool {
        countdowns.contains { $0.isFinished(at: now) }
    }

    /// How many of the countdowns read have finished by `now`.
    public func finishedCount(at now: Date) -> Int {
        countdowns.count { $0.isFinished(at: now) }
    }

    /// The rows at `now`: a countdown whose end passed since the reading shows as finished, in its place among the
    /// running ones until the next reading (its notice's delivery makes one) moves it down.
    public func listing(at now: Date) -> CountdownListing {
        CountdownListing(
            rows: countdowns.map { CountdownRow(countdown: $0, notice: notices[$0.key], now: now) },
            runningNotShown: runningNotShown,
            nextFinished: nextFinished
        )
    }
}

/// One page of the list.
public struct CountdownListing: Sendable, Hashable {
    /// The rows: running countdowns, then finished ones.
    public let rows: [CountdownRow]
    /// How many running countdowns are beyond ``CountdownStore/runningLimit`` and not listed.
    public let runningNotShown: Int
    /// The cursor of the next page of finished countdowns, nil on the last.
    public let nextFinished: CountdownCursor?
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
