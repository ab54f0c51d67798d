import Kernel
import Synchronization
import Testing

@Suite("CachedValues: values kept by key until a change")
struct CachedValuesTests {
    @Test("each key is read once and kept, until invalidate()")
    func keptByKey() async throws {
        let source = HeldSource()
        let cache = CachedValues<String, Int>(limit: 10)
        source.value.store(1, ordering: .relaxed)
        #expect(try await cache.value(for: "a") { await source.read() } == 1)
        #expect(try await cache.value(for: "b") { await source.read() } == 1)
        source.value.store(2, ordering: .relaxed)
        #expect(try await cache.value(for: "a") { await source.read() } == 1)
        #expect(source.reads.load(ordering: .relaxed) == 2)
        cache.invalidate()
        #expect(try await cache.value(for: "a") { await source.read() } == 2)
        #expect(source.reads.load(ordering: .relaxed) == 3)
    }

    @Test("a read that overlaps an invalidation is not kept")
    func overlappingRead() async throws {
        let source = HeldSource()
        let cache = CachedValues<Int, Int>(limit: 10)
        source.value.store(1, ordering: .relaxed)
        source.hold.store(true, ordering: .relaxed)
        async let first = cache.value(for: 7) { await source.read() }
        let deadline = ContinuousClock.now + .seconds(5)
        while source.reads.load(ordering: .relaxed) == 0 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))  // until the read has started (it is then held)
        }
        cache.invalidate()  // a change committed while it runs
        try await source.release()
        #expect(try await first == 1)
        source.hold.store(false, ordering: .relaxed)
        source.value.store(2, ordering: .relaxed)
        #expect(try await cache.value(for: 7) { await source.read() } == 2)
    }

    @Test("past its limit the cache starts again empty instead of growing")
    func limit() async throws {
        let source = HeldSource()
        let cache = CachedValues<Int, Int>(limit: 3)
        for key in 0..<4 { _ = try await cache.value(for: key) { await source.read() } }
        #expect(source.reads.load(ordering: .relaxed) == 4)
        _ = try await cache.value(for: 3) { await source.read() }  // kept after the restart
        _ = try await cache.value(for: 0) { await source.read() }  // dropped by it
        #expect(source.reads.load(ordering: .relaxed) == 5)
    }
}
