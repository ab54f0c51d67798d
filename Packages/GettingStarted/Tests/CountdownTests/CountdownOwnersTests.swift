import Countdown
import Foundation
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
}
