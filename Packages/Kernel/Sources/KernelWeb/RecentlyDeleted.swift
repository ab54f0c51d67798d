import Synchronization

/// What was deleted in the last few minutes, kept in memory by its id so that the Undo a delete's message offers can
/// put it back: one for each kind of thing a feature deletes without asking first.
///
/// Only the most recent `limit` are kept (the oldest go first), and a restart forgets them: Undo is for the moment
/// after a delete, as its message is.
public final class RecentlyDeleted<Item: Sendable>: Sendable {
    private let items = Mutex<[Int64: Item]>([:])
    private let limit: Int

    /// A store that keeps the last `limit` deleted items.
    public init(limit: Int = 50) {
        self.limit = limit
    }

    /// Keeps `item`, deleted just now, under `id`.
    public func remember(_ item: Item, id: Int64) {
        items.withLock { items in
            if items.count >= limit, let oldest = items.keys.min() { items.removeValue(forKey: oldest) }
            items[id] = item
        }
    }

    /// The item deleted under `id`, handed out once; nil when it is no longer kept.
    public func take(_ id: Int64) -> Item? {
        items.withLock { $0.removeValue(forKey: id) }
    }
}
