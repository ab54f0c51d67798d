import Synchronization

/// Values read from storage by key and kept in memory until ``invalidate()``: the pages of a list past its first
/// (`?after=` a cursor), or single records for their edit pages, served without reading the database on every request.
///
/// Correct under the same rule as ``CachedValue``: every committed change to what the loads read calls
/// ``invalidate()``. A read that overlaps an invalidation is not kept. At most `limit` values are kept; past that the
/// cache starts again empty (the values are cheap to read again, and a bound keeps a crawler from growing it).
public final class CachedValues<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var generation = 0
        var values: [Key: Value] = [:]
    }

    /// The most values kept.
    public let limit: Int
    private let state = Mutex(State())

    /// An empty cache keeping at most `limit` values.
    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The value kept for `key`, or what `load` reads, kept unless the cache was invalidated meanwhile.
    public func value(for key: Key, load: () async throws -> Value) async throws -> Value {
        let (kept, generation) = state.withLock { ($0.values[key], $0.generation) }
        if let kept { return kept }
        let value = try await load()
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.values.count >= limit { state.values.removeAll(keepingCapacity: true) }
            state.values[key] = value
        }
        return value
    }

    /// Forgets every kept value.
    public func invalidate() {
        state.withLock { state in
            state.generation += 1
            state.values.removeAll(keepingCapacity: true)
        }
    }
}
