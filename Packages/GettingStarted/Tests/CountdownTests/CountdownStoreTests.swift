import Countdown
import Foundation
import GRDB
import Kernel
import KernelEvents
import KernelStorage
import Synchronization
import Testing

/// A countdown store on in-memory databases, with no system scheduler.
struct CountdownHarness {
    let store: CountdownStore
    let notices: NoticeCenter
    let bus = EventBus()
    let countdowns: DatabaseQueue
    /// The store's clock, set by the test.
    let clock = TestClock()

    init() throws {
        let countdowns = try DatabaseQueue()
        self.countdowns = countdowns
        try FeatureDescriptor.countdown.migrations.apply(to: countdowns)
        let kernel = try DatabaseQueue()
        try NoticeCenter.migrations.apply(to: kernel)
        notices = NoticeCenter(database: kernel, bus: bus)
        store = CountdownStore(
            database: countdowns,
            notices: notices,
            scheduler: CountdownScheduler(kind: .none, executable: "", dataDirectory: ""),
            clock: { [clock] in clock.now }
        )
    }

    /// The notice center once the countdowns' outbox is carried into it: what a host does on every commit it sees.
    func carried() async throws -> NoticeCenter {
        try await notices.publish(from: countdowns)
        return notices
    }
}

@Suite("Countdowns: their end, their notice, and one delivery")
struct CountdownStoreTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("a countdown ends at an absolute time and counts whole seconds down")
    func arithmetic() async throws {
        let harness = try CountdownHarness()
        let duration = try #require(CountdownDuration(seconds: 90))
        let countdown = try await harness.store.start(duration, label: "Tea", now: start).countdown
        #expect(countdown.deadline == start.addingTimeInterval(90))
        #expect(countdown.secondsLeft(at: start) == 90)
        #expect(countdown.secondsLeft(at: start.addingTimeInterval(0.4)) == 90)
        #expect(countdown.secondsLeft(at: start.addingTimeInterval(89.5)) == 1)
        #expect(countdown.secondsLeft(at: start.addingTimeInterval(95)) == 0)
        #expect(!countdown.isFinished(at: start.addingTimeInterval(89.9)) && countdown.isFinished(at: start.addingTimeInterval(90)))
        let notice = try #require(try await harness.carried().notice(key: countdown.key))
        #expect(notice.deliverAt == countdown.deadline && notice.body == "Tea" && notice.link == "/countdown")
    }

    @Test("the host delivers at the second, once; a job delivering the same key later finds it done")
    func hostFirst() async throws {
        let harness = try CountdownHarness()
        let delivered = Counter()
        let token = harness.bus.addObserver(for: NoticeDelivered.self) { _ in delivered.add() }
        let countdown = try await harness.store.start(#require(CountdownDuration(seconds: 60)), label: "", now: start).countdown
        #expect(try await harness.carried().deliverDue(now: start.addingTimeInterval(59.9)).isEmpty)
        let due = try await harness.carried().deliverDue(now: start.addingTimeInterval(60))
        #expect(due.count == 1 && due[0].late == false && due[0].title == "Countdown finished")
        #expect(try await harness.notices.deliver(key: countdown.key, now: start.addingTimeInterval(60.2)) == nil)
        #expect(try await harness.carried().deliverDue(now: start.addingTimeInterval(61)).isEmpty)
        #expect(delivered.value == 1)
        #expect(try await harness.notices.inbox().count == 1)
        token.cancel()
    }

    @Test("a job that delivers first (host down) is announced by the host once, without a second delivery")
    func jobFirst() async throws {
        let harness = try CountdownHarness()
        let delivered = Counter()
        let token = harness.bus.addObserver(for: NoticeDelivered.self) { _ in delivered.add() }
        let countdown = try await harness.store.start(#require(CountdownDuration(seconds: 30)), label: "Eggs", now: start).countdown
        #expect(try await harness.notices.deliver(key: countdown.key, now: start.addingTimeInterval(29)) == nil)
        // The job carries the countdowns' outbox first (`notify --due`), then delivers.
        let byJob = try #require(try await harness.carried().deliver(key: countdown.key, now: start.addingTimeInterval(30)))
        #expect(byJob.late == false && byJob.announcedAt == nil)
        #expect(try await harness.notices.deliver(key: countdown.key, now: start.addingTimeInterval(31)) == nil)
        // The host starts later: it shows the notice once (a toast) and does not deliver it again.
        let announced = try await harness.carried().deliverDue(now: start.addingTimeInterval(600))
        #expect(announced.map(\.key) == [countdown.key] && announced[0].late == false)
        #expect(try await harness.carried().deliverDue(now: start.addingTimeInterval(601)).isEmpty)
        #expect(delivered.value == 1)
        #expect(try await harness.notices.inbox().count == 1)
        token.cancel()
    }

    @Test("a countdown that ended while nothing ran is delivered at the next start, marked late")
    func late() async throws {
        let harness = try CountdownHarness()
        let countdown = try await harness.store.start(#require(CountdownDuration(seconds: 30)), label: "Eggs", now: start).countdown
        let due = try await harness.carried().deliverDue(now: start.addingTimeInterval(3600))
        #expect(due.count == 1 && due[0].late && due[0].displayTitle == "Late: Countdown finished")
        let rows = try await harness.store.list(now: start.addingTimeInterval(3600)).rows
        #expect(rows.count == 1 && rows[0].isFinished && rows[0].late && rows[0].deliveredAt != nil)
        #expect(rows[0].countdown.key == countdown.key)
    }

    @Test("cancelling withdraws the notice; running ones list first, soonest end first")
    func cancelAndList() async throws {
        let harness = try CountdownHarness()
        let long = try await harness.store.start(#require(CountdownDuration(seconds: 600)), label: "Long", now: start).countdown
        let short = try await harness.store.start(#require(CountdownDuration(seconds: 60)), label: "Short", now: start).countdown
        let done = try await harness.store.start(#require(CountdownDuration(seconds: 5)), label: "Done", now: start).countdown
        let rows = try await harness.store.list(now: start.addingTimeInterval(10)).rows
        #expect(rows.map(\.countdown.label) == ["Short", "Long", "Done"])
        #expect(try await harness.store.cancel(id: #require(short.id))?.label == "Short")
        #expect(try await harness.carried().notice(key: short.key) == nil)
        #expect(try await harness.store.cancel(id: #require(short.id)) == nil)
        #expect(try await harness.carried().deliverDue(now: start.addingTimeInterval(700)).map(\.body) == ["Done", "Long"])
        #expect(try await harness.store.clearFinished(now: start.addingTimeInterval(700)).count == 2)
        #expect(try await harness.store.list(now: start.addingTimeInterval(700)).rows.isEmpty)
        _ = (long, done)
    }

    @Test("finished countdowns page by cursor, latest end first, with no row twice or left out")
    func paging() async throws {
        let harness = try CountdownHarness()
        for index in 0..<(CountdownStore.finishedPageSize * 2 + 5) {
            // Pairs end at the same second, so the cursor must also order by id.
            _ = try await harness.store.start(#require(CountdownDuration(seconds: 1 + index / 2)), label: "F\(index)", now: start)
        }
        _ = try await harness.store.start(#require(CountdownDuration(seconds: 3600)), label: "Running", now: start)
        let now = start.addingTimeInterval(600)
        var seen: [String] = []
        var listing = try await harness.store.list(now: now)
        #expect(listing.rows.first?.countdown.label == "Running" && listing.runningNotShown == 0)
        seen += listing.rows.dropFirst().map(\.countdown.label)
        var pages = 1
        while let next = listing.nextFinished {
            // Through its text, as a link carries it: it reads back as the same cursor.
            let parsed = CountdownCursor(next.description)
            #expect(parsed == next)
            listing = try await harness.store.list(now: now, finishedAfter: parsed)
            #expect(!listing.rows.contains { $0.countdown.label == "Running" })
            seen += listing.rows.map(\.countdown.label)
            pages += 1
        }
        #expect(pages == 3)
        let expected = (0..<(CountdownStore.finishedPageSize * 2 + 5)).reversed().map { "F\($0)" }
        #expect(seen == expected)
        #expect(CountdownCursor("12.x") == nil && CountdownCursor("-1.2") == nil && CountdownCursor("1.2.3") == nil)
    }

    @Test("a listing shows what another process wrote at once, and reorders when the soonest ends")
    func listingIsCurrent() async throws {
        let harness = try CountdownHarness()
        harness.clock.now = start
        _ = try await harness.store.start(#require(CountdownDuration(seconds: 60)), label: "Soon", now: start)
        #expect(try await harness.store.list().rows.map(\.countdown.label) == ["Soon"])
        // Written behind the store's back, as the CLI does: the next listing has it.
        try await harness.countdowns.write { db in
            var other = Countdown(label: "Behind", duration: try #require(CountdownDuration(seconds: 600)), now: start)
            try other.insert(db)
        }
        harness.clock.now = start.addingTimeInterval(10)
        #expect(try await harness.store.list().rows.map(\.countdown.label) == ["Soon", "Behind"])
        // Once the soonest ends, it moves below the running one.
        harness.clock.now = start.addingTimeInterval(61)
        let rows = try await harness.store.list().rows
        #expect(rows.map(\.countdown.label) == ["Behind", "Soon"] && rows[1].isFinished)
    }

    @Test("a second notice with the same key is dropped")
    func oneKey() async throws {
        let harness = try CountdownHarness()
        let first = try await harness.notices.schedule(featureID: "t", title: "One", body: "", at: start, key: "k")
        let second = try await harness.notices.schedule(featureID: "t", title: "Two", body: "", at: start, key: "k")
        #expect(first.id == second.id && second.title == "One")
        #expect(try await harness.carried().deliverDue(now: start).count == 1)
    }
}

/// A clock a test sets.
final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date {
        get { time.withLock { $0 } }
        set { time.withLock { $0 = newValue } }
    }
}

/// A thread-safe count.
final class Counter: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }

    @Test("a start, a cancel and a clearing reach the host as what they were, from the change log, ids and all")
    func outsideChangesSayWhatHappened() async throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let harness = try CountdownHarness()
        let countdown = try await harness.store.start(#require(CountdownDuration(seconds: 60)), label: "Tea", now: start).countdown
        try await harness.store.cancel(id: countdown.id ?? 0)
        let changes = try await harness.countdowns.read { db in try ChangeLog.changes(after: 0, db) }
        #expect(CountdownChanged.events(outside: Array(changes.prefix(1))) == [CountdownChanged(.started, ids: [countdown.id ?? 0])])
        // What a host hears when the CLI cancels: a removal, not a start.
        #expect(CountdownChanged.events(outside: Array(changes.suffix(1))) == [CountdownChanged(.removed, ids: [countdown.id ?? 0])])
        #expect(CountdownChanged.events(outside: changes) == [CountdownChanged(.batch, ids: [countdown.id ?? 0])])
    }

    @Test("a countdown's notice is written with the countdown and leaves the outbox once it is in the inbox")
    func noticeThroughTheOutbox() async throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let harness = try CountdownHarness()
        let countdown = try await harness.store.start(#require(CountdownDuration(seconds: 60)), label: "Tea", now: start).countdown
        // The start wrote the notice into the outbox, with the countdown; the Kernel carries it into the inbox.
        #expect(try await harness.countdowns.read { db in try NoticeOutbox.pending(db) }.count == 1)
        #expect(try await harness.carried().notice(key: countdown.key) != nil)
        #expect(try await harness.countdowns.read { db in try NoticeOutbox.pending(db) }.isEmpty)
        // Carried again (a crash before the outbox was emptied): still one notice.
        try await harness.countdowns.write(changing: { _ in
            var changed = Changed(())
            changed.schedule(featureID: "countdown", key: countdown.key, title: "Countdown finished", body: "Tea", at: countdown.deadline)
            return changed
        })
        #expect(try await harness.notices.publish(from: harness.countdowns) == 1)
        #expect(try await harness.notices.notices(keys: [countdown.key]).count == 1)
        try await harness.store.cancel(id: countdown.id ?? 0)
        #expect(try await harness.carried().notice(key: countdown.key) == nil)
    }
}
