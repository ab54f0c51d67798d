import Countdown
import Foundation
import GRDB
import Kernel
import KernelStorage
import Testing

/// Two people's countdowns in one database: each lists, cancels and clears only their own, and each notice is theirs.
@Suite("Each person's countdowns are their own")
struct CountdownOwnersTests {
    let harness: CountdownHarness
    let bo = PersonID(rawValue: 2)

    init() throws {
        harness = try CountdownHarness()
    }

    @Test("a person lists, finds, cancels and clears only their own countdowns")
    func isolation() async throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let ann = harness.store
        let bos = harness.store.of(bo)
        let five = try #require(CountdownDuration(seconds: 300))
        let annsTea = try await ann.start(five, label: "Ann's tea", now: start).countdown
        let bosTea = try await bos.start(five, label: "Bo's tea", now: start).countdown
        #expect(bosTea.owner == bo)
        #expect(try await bos.list(now: start).rows.map(\.countdown.label) == ["Bo's tea"])
        #expect(try await bos.find(id: try #require(annsTea.id)) == nil)
        #expect(try await bos.cancel(id: try #require(annsTea.id)) == nil)
        // Both ended: Bo's clear takes his only, and his Undo puts it back as his.
        let later = start.addingTimeInterval(600)
        let cleared = try await bos.clearFinished(now: later)
        #expect(cleared.map(\.label) == ["Bo's tea"])
        #expect(try await ann.list(now: later).rows.map(\.countdown.label) == ["Ann's tea"])
        #expect(try await bos.restore(cleared) == 1)
        #expect(try await bos.list(now: later).rows.map(\.countdown.label) == ["Bo's tea"])
    }

    @Test("a countdown's notice is for its person")
    func notice() async throws {
        let start = Date()
        let started = try await harness.store.of(bo).start(try #require(CountdownDuration(seconds: 60)), label: "Tea", now: start)
        let notice = try #require(try await harness.carried().notice(key: started.countdown.key))
        #expect(notice.owner == bo)
    }

    @Test("countdowns stored before people existed are the local person's")
    func upgrade() async throws {
        let queue = try DatabaseQueue()
        let migrator = FeatureDescriptor.countdown.migrations.migrator()
        try migrator.migrate(queue, upTo: "countdown.v1")
        try await queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO countdown_timer (key, label, seconds, startedAt, deadline)
                    VALUES ('countdown-kept', 'Kept', 60, '2030-01-01 09:00:00.000', '2030-01-01 09:01:00.000')
                    """
            )
        }
        try migrator.migrate(queue)
        let store = CountdownStore(
            database: queue,
            notices: harness.notices,
            scheduler: CountdownScheduler(kind: .none, executable: "", dataDirectory: "")
        )
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try await store.list(now: now).rows.map(\.countdown.label) == ["Kept"])
        #expect(try await store.of(bo).list(now: now).rows.isEmpty)
    }
}
