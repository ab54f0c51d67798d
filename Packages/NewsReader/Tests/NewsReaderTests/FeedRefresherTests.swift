import Foundation
import KernelEvents
import NewsReader
import Synchronization
import Testing

/// A transport answering from a script, counting calls; it can be held until released.
final class ScriptedTransport: FeedTransport {
    let answers: Mutex<[Result<Data, FeedError>]>
    let calls = Atomic<Int>(0)
    let gate: AsyncStream<Void>
    let open: AsyncStream<Void>.Continuation
    let holds: Bool

    init(_ answers: [Result<Data, FeedError>], holds: Bool = false) {
        self.answers = Mutex(answers)
        self.holds = holds
        (gate, open) = AsyncStream.makeStream()
    }

    func get(_ url: URL, limit: Int, timeout: Duration) async throws(FeedError) -> Data {
        calls.add(1, ordering: .relaxed)
        if holds { for await _ in gate { break } }
        let answer = answers.withLock { $0.isEmpty ? .failure(.empty) : $0.removeFirst() }
        return try answer.get()
    }
}

/// A store in memory, for the refresher's logic.
final class MemoryStore: HeadlineStore {
    let state = Mutex<(headlines: [Headline], status: FeedStatus)>(([], FeedStatus()))

    func replace(with headlines: [Headline], at date: Date) async throws -> HeadlineChanges {
        state.withLock { state in
            let old = Set(state.headlines.map(\.id))
            let new = Set(headlines.map(\.id))
            state.headlines = headlines
            state.status = FeedStatus(lastSuccess: date, count: headlines.count)
            return HeadlineChanges(added: headlines.map(\.id).filter { !old.contains($0) }, removed: old.subtracting(new).sorted())
        }
    }

    func recordFailure(_ message: String, at date: Date) async throws {
        state.withLock {
            $0.status.lastFailure = date
            $0.status.failureMessage = message
        }
    }

    func status() async throws -> FeedStatus { state.withLock { $0.status } }

    func page(after cursor: String?, limit: Int) async throws -> HeadlinePage {
        HeadlinePage(headlines: Array(state.withLock { $0.headlines }.prefix(limit)), nextCursor: nil)
    }

    func headline(id: String) async throws -> Headline? { state.withLock { $0.headlines.first { $0.id == id } } }

    func all() async throws -> [Headline] { state.withLock { $0.headlines } }
}

/// Analytics kept in a list.
final class RecordedAnalytics: AnalyticsSink {
    let events = Mutex<[AnalyticsEvent]>([])
    func record(_ event: AnalyticsEvent) { events.withLock { $0.append(event) } }
}

@Suite("Refreshing the feed")
struct FeedRefresherTests {
    static let feed = Data(
        #"{"headlines":[{"headline":"A","updated":1,"introduction":"a"},{"headline":"B","updated":2,"introduction":"b"}]}"#.utf8
    )

    func refresher(
        _ transport: ScriptedTransport,
        store: MemoryStore,
        analytics: RecordedAnalytics
    ) -> FeedRefresher {
        FeedRefresher(settings: NewsSettings(), transport: transport, store: store, analytics: analytics)
    }

    @Test("a failed fetch keeps the last good headlines and records why; each fetch is one load event")
    func failureKeepsData() async throws {
        let store = MemoryStore()
        let analytics = RecordedAnalytics()
        let refresher = refresher(
            ScriptedTransport([.success(Self.feed), .failure(.timedOut(seconds: 10)), .success(Data("{".utf8))]),
            store: store,
            analytics: analytics
        )
        #expect(await refresher.refresh() == .updated(HeadlineChanges(added: HeadlineID.ids(for: [("B", 2), ("A", 1)])), count: 2))
        #expect(await refresher.refresh() == .failed(.timedOut(seconds: 10)))
        #expect(await refresher.refresh() == .failed(.malformedJSON))
        #expect(store.state.withLock { $0.headlines.map(\.headline) } == ["B", "A"])
        #expect(try await store.status().failureMessage == "The news feed is not valid JSON.")
        let events = analytics.events.withLock { $0 }
        #expect(events.count == 3)
        #expect(events.allSatisfy { if case .load = $0 { true } else { false } })
    }

    @Test("requests made while a fetch runs join it: one fetch, one outcome for all")
    func singleFlight() async throws {
        let transport = ScriptedTransport([.success(Self.feed), .success(Self.feed)], holds: true)
        let refresher = refresher(transport, store: MemoryStore(), analytics: RecordedAnalytics())
        async let first = refresher.refresh()
        async let second = refresher.refresh()
        async let third = refresher.refresh()
        while transport.calls.load(ordering: .relaxed) == 0 { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(50))
        transport.open.yield()
        let outcomes = await [first, second, third]
        #expect(transport.calls.load(ordering: .relaxed) == 1)
        #expect(Set(outcomes.map { "\($0)" }).count == 1)
        // Once it has ended, the next request fetches again.
        transport.open.yield()
        _ = await refresher.refresh()
        #expect(transport.calls.load(ordering: .relaxed) == 2)
    }

    @Test("a fetch that changed the feed says what it added; the same feed again says nothing changed")
    func outcomes() async throws {
        let refresher = refresher(
            ScriptedTransport([.success(Self.feed), .success(Self.feed)]),
            store: MemoryStore(),
            analytics: RecordedAnalytics()
        )
        guard case .updated(let changes, count: 2) = await refresher.refresh() else {
            Issue.record("the first fetch did not update the headlines")
            return
        }
        #expect(changes.added.count == 2)
        #expect(await refresher.refresh() == .unchanged(count: 2))
    }
}
