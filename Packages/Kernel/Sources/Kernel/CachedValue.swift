import Synchronization

/// A value read from storage once and kept in memory until ``invalidate()``: what lets a page that changes rarely
/// (a feed's headlines, the first page of a list) be served without reading the database on every request.
///
/// Correct as long as every change to what `load` reads calls ``invalidate()`` once it is committed (a feature
/// does it when it posts its change event, and for other processes' changes when the host's change monitor
/// reports them). A read that overlaps an invalidation is not kept, so the next reader sees the change; readers
/// that arrive while a read is under way share it.
public final class CachedValue<Value: Sendable>: Sendable {
    private let load: @Sendable () async throws -> Value
    private let state = Mutex(State())

    private struct State {
        var generation = 0
        var value: Value?
        var loading: Task<Value, any Error>?
    }

    /// A cache of what `load` reads.
    public init(load: @escaping @Sendable () async throws -> Value) {
        self.load = load
    }

    /// The kept value, or a new reading when there is none (one reading shared by everyone waiting).
    public func value() async throws -> Value {
        let next = state.withLock { state -> Next in
            if let value = state.value { return .ready(value) }
            if let loading = state.loading { return .wait(loading) }
            let generation = state.generation
            let loading = Task { try await self.read(generation) }
            state.loading = loading
            return .wait(loading)
        }
        switch next {
        case .ready(let value): return value
        case .wait(let loading): return try await loading.value
        }
    }

    private enum Next {
        case ready(Value)
        case wait(Task<Value, any Error>)
    }

    /// The value kept now, if any, without reading it.
    public var kept: Value? { state.withLock { $0.value } }

    /// Forgets the value: the next reader reads again.
    public func invalidate() {
        state.withLock {
            $0.generation += 1
            $0.value = nil
            $0.loading = nil
        }
    }

    /// Reads and keeps the value, unless it was invalidated meanwhile (a change may have been committed during the
    /// read, so the value may predate it).
    private func read(_ generation: Int) async throws -> Value {
        do {
            let value = try await load()
            state.withLock {
                guard $0.generation == generation else { return }
                $0.value = value
                $0.loading = nil
            }
            return value
        } catch {
            state.withLock {
                if $0.generation == generation { $0.loading = nil }
            }
            throw error
        }
    }
}
