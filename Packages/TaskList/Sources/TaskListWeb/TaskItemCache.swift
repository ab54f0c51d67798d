import Synchronization
import TaskList

/// Tasks read for their edit pages, kept in memory until any task changes: a read through the database pool hops to
/// its reader queue and back, which cost the edit page most of its time (a `perf` profile under `wrk`).
///
/// Correct as long as ``invalidate()`` follows every committed change (the feature calls it on every
/// ``TaskChanged``, this process's and, through the host's change monitor, the CLI's). A read that overlaps an
/// invalidation is not kept. At most ``limit`` tasks are kept; past that the cache starts again empty.
final class TaskItemCache: Sendable {
    private struct State {
        var items: [Int64: TaskItem] = [:]
        var generation = 0
    }

    /// The most tasks kept.
    static let limit = 1_000

    private let repository: TaskRepository
    private let state = Mutex(State())

    init(repository: TaskRepository) {
        self.repository = repository
    }

    /// Task `id`, from memory or read and kept; throws as ``TaskRepository/find(id:)`` does.
    func item(id: Int64) async throws -> TaskItem {
        let (kept, generation) = state.withLock { ($0.items[id], $0.generation) }
        if let kept { return kept }
        let item = try await repository.find(id: id)
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.items.count >= Self.limit { state.items.removeAll(keepingCapacity: true) }
            state.items[id] = item
        }
        return item
    }

    /// Forgets every kept task.
    func invalidate() {
        state.withLock { state in
            state.generation += 1
            state.items.removeAll(keepingCapacity: true)
        }
    }
}
