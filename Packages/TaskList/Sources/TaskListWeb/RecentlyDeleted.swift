import Synchronization
import TaskList

/// Tasks deleted in the last few minutes, kept in memory so the "Undo" button after a delete can put them back.
final class RecentlyDeleted: Sendable {
    private let items = Mutex<[Int64: TaskItem]>([:])
    private let limit: Int

    init(limit: Int = 50) {
        self.limit = limit
    }

    func remember(_ item: TaskItem) {
        guard let id = item.id else { return }
        items.withLock { items in
            if items.count >= limit, let oldest = items.keys.min() { items.removeValue(forKey: oldest) }
            items[id] = item
        }
    }

    func take(_ id: Int64) -> TaskItem? {
        items.withLock { $0.removeValue(forKey: id) }
    }
}
