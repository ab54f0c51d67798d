import Foundation
import Kernel
import KernelEvents
import KernelStorage
import KernelText
import NewsReader
import Synchronization
import Testing

@testable import NewsReaderLive
@testable import NewsReaderWeb

/// The real SQLite store, counting whole reads and able to hold one until released.
final class CountingStore: HeadlineStore {
    let base: SQLiteHeadlineStore
    let reads = Atomic<Int>(0)
    let held = Mutex<CheckedContinuation<Void, Never>?>(nil)
    let holding = Atomic<Bool>(false)

    init() throws {
        base = SQLiteHeadlineStore(writer: try FeatureDatabase.inMemory(migrations: FeatureDescriptor.news.migrations))
    }

    func replace(with headlines: [Headline], at date: Date) async throws -> HeadlineChanges {
        try await base.replace(with: headlines, at: date)
    }
    func recordFailure(_ message: String, at date: Date) async throws {
        try await base.recordFailure(message, at: date)
    }
    func status() async throws -> FeedStatus { try await base.status() }
    func page(after cursor: String?, limit: Int) async throws -> HeadlinePage {
        try await base.page(after: cursor, limit: limit)
    }
    func headline(id: String) async throws -> Headline? { try await base.headline(id: id) }

    func all() async throws -> [Headline] {
        let headlines = try await base.all()
        reads.add(1, ordering: .relaxed)
        if holding.load(ordering: .relaxed) {
            await withCheckedContinuation { continuation in held.withLock { $0 = continuation } }
        }
        return headlines
    }

    /// Lets a held read return, once it is waiting.
    func release() async {
        while true {
            if let continuation = held.withLock({ $0.take() }) {
                continuation.resume()
                return
            }
            await Task.yield()
        }
    }
}

@Suite("Headlines kept in memory")
struct HeadlineCacheTests {
    static func stories(_ count: Int, prefix: String = "Story") -> [Headline] {
        (0..<count).map { Headline(id: "\(prefix)-\($0)", headline: "\(prefix) \($0)", updated: Int64(1_000 - $0), introduction: "i") }
    }

    @Test("pages are read from memory: one read of the store serves every page and story until something changes")
    func readsOnce() async throws {
        let store = try CountingStore()
        _ = try await store.replace(with: Self.stories(120), at: Date(timeIntervalSince1970: 0))
        let cache = HeadlineCache(store)

        let first = try #require(try await cache.listState(after: nil))
        #expect(first.rows.map(\.headline) == (0..<50).map { "Story \($0)" })
        #expect(first.rows[0].dateText == "1 January 1970")
        #expect(first.nextCursor == "Story-49")
        // The time is a moment each reader reads in their own zone and clock.
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(Moment.words(first.status.text, in: utc, clock: .twentyFourHour) == "Last updated 1 January 1970, 00:00.")
        let second = try #require(try await cache.listState(after: first.nextCursor))
        #expect(second.rows.first?.headline == "Story 50")
        let last = try #require(try await cache.listState(after: second.nextCursor))
        #expect(last.rows.map(\.headline) == (100..<120).map { "Story \($0)" })
        #expect(last.nextCursor == nil)
        #expect(try await cache.row(id: "Story-7")?.headline == "Story 7")
        #expect(try await cache.row(id: "nope") == nil)
        #expect(try await cache.listState(after: "nope") == nil, "an unknown cursor is reported, not mistaken for the top")
        #expect(store.reads.load(ordering: .relaxed) == 1)
    }

    @Test("the copy holds until the stored feed changes: the Kernel's change feed drops it as the write commits")
    func invalidation() async throws {
        let store = try CountingStore()
        _ = try await store.replace(with: Self.stories(3), at: Date(timeIntervalSince1970: 0))
        let cache = HeadlineCache(store)
        let feed = try ChangeFeed.started(
            on: store.base.writer,
            event: HeadlinesChanged.self,
            bus: EventBus(),
            caches: FeatureCaches([cache])
        )
        #expect(try await cache.listState(after: nil)?.rows.count == 3)
        #expect(try await cache.listState(after: nil)?.rows.count == 3)
        #expect(store.reads.load(ordering: .relaxed) == 1, "kept while nothing changes")
        _ = try await store.replace(with: Self.stories(2, prefix: "New"), at: Date(timeIntervalSince1970: 60))
        #expect(try await cache.listState(after: nil)?.rows.map(\.headline) == ["New 0", "New 1"])
        try await store.recordFailure("The feed answered 500.", at: Date(timeIntervalSince1970: 120))
        #expect(try await cache.listState(after: nil)?.status.isProblem == true)
        #expect(store.reads.load(ordering: .relaxed) == 3)
        withExtendedLifetime(feed) {}
    }

    @Test("readers arriving together share one read of the store")
    func sharedRead() async throws {
        let store = try CountingStore()
        _ = try await store.replace(with: Self.stories(3), at: Date(timeIntervalSince1970: 0))
        let cache = HeadlineCache(store)
        store.holding.store(true, ordering: .relaxed)
        async let readers = withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 { group.addTask { try await cache.listState(after: nil)?.rows.count ?? -1 } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        await store.release()
        #expect(try await readers == Array(repeating: 3, count: 20))
        #expect(store.reads.load(ordering: .relaxed) == 1, "twenty readers, one read")
    }

    @Test("a read that overlaps a write is not kept: the next page shows what was written")
    func overlappingWrite() async throws {
        let store = try CountingStore()
        _ = try await store.replace(with: Self.stories(3), at: Date(timeIntervalSince1970: 0))
        let cache = HeadlineCache(store)
        store.holding.store(true, ordering: .relaxed)
        async let reader = cache.listState(after: nil)?.rows.count
        // The read is under way with the old headlines when a Reload stores new ones.
        while store.held.withLock({ $0 == nil }) { await Task.yield() }
        _ = try await store.replace(with: Self.stories(5, prefix: "New"), at: Date(timeIntervalSince1970: 60))
        cache.invalidate()  // as the host does on the change event
        store.holding.store(false, ordering: .relaxed)
        await store.release()
        #expect(try await reader == 3, "a reader who asked before the write sees the old page")
        #expect(try await cache.listState(after: nil)?.rows.count == 5, "the overlapping read was not kept")
        #expect(store.reads.load(ordering: .relaxed) == 2)
    }

    @Test("every save records what it was: the stories replaced, refreshed unchanged (the time moved), or a failure")
    func recordedChanges() async throws {
        let store = try CountingStore()
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try await store.replace(with: Self.stories(3), at: date)
        _ = try await store.replace(with: Self.stories(3), at: date.addingTimeInterval(60))
        try await store.recordFailure("The news server could not be reached.", at: date.addingTimeInterval(120))
        let logged = try await store.base.writer.read { db in try ChangeLog.changes(after: 0, db) }
        #expect(logged.map(\.kind) == ["replaced", "refreshed", "failed"])
        #expect(HeadlinesChanged.events(outside: logged) == [HeadlinesChanged(.batch)])
    }
}
