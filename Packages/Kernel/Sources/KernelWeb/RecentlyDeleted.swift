import KernelStorage
import Synchronization

/// What was deleted in the last few minutes, kept in memory by its owner and id so that the Undo a delete's message
/// offers can put it back: one for each kind of thing a feature deletes without asking first. Only the person who
/// deleted it can take it back.
///
/// Only the most recent `limit` of each person's are kept (their oldest go first), and a restart forgets them: Undo is for the moment
/// after a delete, as its message is.
public final class RecentlyDeleted<Item: Sendable>: Sendable {
    private struct Key: Hashable {
        let owner: PersonID
        let id: Int64
    }

    /// The kept items, oldest first.
    private let items = Mutex<[(key: Key, item: Item)]>([])
    private let limit: Int

    /// A store that keeps the last `limit` deleted items of each person.
    public init(limit: Int = 50) {
        self.limit = limit
    }

    /// Keeps `item`, deleted just now by `owner`, under `id`.
    public func remember(_ item: Item, id: Int64, of owner: PersonID) {
        let key = Key(owner: owner, id: id)
        items.withLock { items in
            items.removeAll { $0.key == key }
            let theirs = items.indices.filter { items[$0].key.owner == owner }
            if theirs.count >= limit, let oldest = theirs.first { items.remove(at: oldest) }
            items.append((key, item))
        }
    }

    /// The item `owner` deleted under `id`, handed out once; nil when it is no longer kept.
    public func take(_ id: Int64, of owner: PersonID) -> Item? {
        let key = Key(owner: owner, id: id)
        return items.withLock { items in
            guard let index = items.firstIndex(where: { $0.key == key }) else { return nil }
            return items.remove(at: index).item
        }
    }
}
