import Kernel
import Synchronization
import Testing

/// A source whose reads are counted and can be held until released.
final class HeldSource: Sendable {
    let value = Atomic<Int>(0)
    let reads = Atomic<Int>(0)
    let hold = Atomic<Bool>(false)
    /// The held read, and whether it was let go before it arrived (then it is not held at all).
    let held = Mutex<(continuation: CheckedContinuation<Void, Never>?, released: Bool)>((nil, false))

    func read() async -> Int {
        let value = self.value.load(ordering: .relaxed)
        reads.add(1, ordering: .relaxed)
        if hold.load(ordering: .relaxed) {
            await withCheckedContinuation { continuation in
                let wait = held.withLock { state in
                    if state.released { return false }
                    state.continuation = continuation
                    return true
                }
                if !wait { continuation.resume() }
            }
        }
        return value
    }

    /// Whether a read is held now.
    var isHolding: Bool { held.withLock { $0.continuation != nil } }

    /// Lets the held read return, once it is waiting (gives up after 60 seconds, then lets any later read through, so
    /// that a failing test never hangs).
    func release() async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let continuation = held.withLock({ $0.continuation.take() }) {
                continuation.resume()
                return
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        let late = held.withLock { state in
            state.released = true
            return state.continuation.take()
        }
        late?.resume()
        Issue.record("no read was held")
    }
}

@Suite("A value kept until invalidated")
struct CachedValueTests {
    @Test("read once, kept until invalidated, then read again")
    func keptUntilInvalidated() async throws {
        let source = HeldSource()
        let cache = CachedValue { await source.read() }
        source.value.store(1, ordering: .relaxed)
        #expect(try await cache.value() == 1)
        source.value.store(2, ordering: .relaxed)
        #expect(try await cache.value() == 1, "kept: nothing said it changed")
        cache.invalidate()
        #expect(try await cache.value() == 2)
        #expect(source.reads.load(ordering: .relaxed) == 2)
    }

    @Test("readers arriving during a read share it")
    func sharedRead() async throws {
        let source = HeldSource()
        source.hold.store(true, ordering: .relaxed)
        let cache = CachedValue { await source.read() }
        async let values = withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 { group.addTask { try await cache.value() } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        try await source.release()
        #expect(try await values == Array(repeating: 0, count: 20))
        #expect(source.reads.load(ordering: .relaxed) == 1)
    }

    @Test("a read that overlaps an invalidation is not kept")
    func overlappingInvalidation() async throws {
        let source = HeldSource()
        source.hold.store(true, ordering: .relaxed)
        let cache = CachedValue { await source.read() }
        async let first = cache.value()
        while !source.isHolding { await Task.yield() }
        // The change commits while the read is under way with the old value.
        source.value.store(7, ordering: .relaxed)
        cache.invalidate()
        source.hold.store(false, ordering: .relaxed)
        try await source.release()
        #expect(try await first == 0)
        #expect(try await cache.value() == 7, "the stale read was dropped")
    }

    @Test("a failed read is not kept: the next reader tries again")
    func failedRead() async throws {
        struct Unreadable: Error {}
        let failing = Atomic<Bool>(true)
        let cache = CachedValue { () async throws -> Int in
            if failing.load(ordering: .relaxed) { throw Unreadable() }
            return 3
        }
        await #expect(throws: Unreadable.self) { try await cache.value() }
        failing.store(false, ordering: .relaxed)
        #expect(try await cache.value() == 3)
    }
}
