import Synchronization

/// A fixed-capacity, append-only array of entries in registration order, read by posts without locks.
///
/// The writer (holding its bus's lock) initializes slot `count` and then publishes it by storing
/// `count + 1` with release ordering; a reader loads `count` with acquire ordering and reads only the slots
/// below it, which are never written again. Removed entries stay in place, marked inactive, until the writer
/// replaces the whole list with a compacted copy and retires this one.
///
/// `@unchecked Sendable`: the storage is only mutated as described above (initialize-then-publish under the
/// bus lock) and freed in `deinit`, which runs once epoch reclamation proves no reader can see the list;
/// `dead` is only touched under the bus lock.
final class ObserverList: @unchecked Sendable {
    let capacity: Int
    private let published = Atomic<Int>(0)
    private let storage: UnsafeMutablePointer<Unmanaged<ObserverEntry>>
    /// Entries in the list that have been removed from the bus. Guarded by the bus lock.
    var dead = 0

    init(capacity: Int) {
        self.capacity = capacity
        storage = .allocate(capacity: max(capacity, 1))
    }

    deinit {
        let count = published.load(ordering: .acquiring)
        for index in 0..<count {
            storage[index].release()
        }
        storage.deallocate()
    }

    /// The number of published slots, for readers.
    @inline(__always)
    var count: Int { published.load(ordering: .acquiring) }

    /// The entry in a published slot, without retaining it.
    @inline(__always)
    subscript(index: Int) -> Unmanaged<ObserverEntry> { storage[index] }

    /// Whether the writer can append in place.
    var isFull: Bool { count == capacity }

    /// Appends and publishes an entry. Only the writer, under the bus lock, calls it.
    func append(_ entry: ObserverEntry) {
        let count = published.load(ordering: .relaxed)
        precondition(count < capacity)
        (storage + count).initialize(to: .passRetained(entry))
        published.store(count + 1, ordering: .releasing)
    }

    /// The live entries, in order.
    func liveEntries() -> [ObserverEntry] {
        var result: [ObserverEntry] = []
        for index in 0..<count {
            let entry = storage[index].takeUnretainedValue()
            if entry.isActive {
                result.append(entry)
            }
        }
        return result
    }
}

/// The observers registered for one name (or for every name): the published list and the writer's counts.
///
/// `@unchecked Sendable`: `list` is an atomic whose referent is retained by the slot and retired through
/// epoch reclamation when replaced; `live` is only touched under the bus lock.
final class NameSlot: @unchecked Sendable {
    private let list: Atomic<Unmanaged<ObserverList>>
    /// Registered entries still active. Guarded by the bus lock.
    var live = 0

    init() {
        list = Atomic(.passRetained(ObserverList(capacity: 0)))
    }

    deinit {
        list.load(ordering: .acquiring).release()
    }

    /// The published list, for readers inside a read section.
    @inline(__always)
    func load() -> Unmanaged<ObserverList> {
        list.load(ordering: .sequentiallyConsistent)
    }

    /// The current list, for the writer.
    var current: ObserverList { list.load(ordering: .relaxed).takeUnretainedValue() }

    /// Appends an entry, growing (and compacting) the list when it is full.
    func append(_ entry: ObserverEntry, retired: inout RetiredObjects) {
        let full = list.load(ordering: .relaxed)._withUnsafeGuaranteedRef { current in
            guard !current.isFull else { return true }
            current.append(entry)
            return false
        }
        if full {
            replace(minimumCapacity: live + 1, retired: &retired).append(entry)
        }
        live += 1
    }

    /// Accounts for a removed entry and compacts the list when dead entries dominate.
    func entryRemoved(retired: inout RetiredObjects) {
        live -= 1
        let live = self.live
        let compact = list.load(ordering: .relaxed)._withUnsafeGuaranteedRef { current in
            current.dead += 1
            return current.dead > max(32, live) || live == 0 && current.capacity > 64
        }
        if compact {
            replace(minimumCapacity: live, retired: &retired)
        }
    }

    /// Publishes a compacted copy with room to grow and retires the old list.
    @discardableResult
    func replace(minimumCapacity: Int, retired: inout RetiredObjects) -> ObserverList {
        let old = self.current
        let copy = ObserverList(capacity: max(4, minimumCapacity * 2))
        for index in 0..<old.count {
            let entry = old[index].takeUnretainedValue()
            if entry.isActive {
                copy.append(entry)
            }
        }
        let previous = list.exchange(.passRetained(copy), ordering: .sequentiallyConsistent)
        retired.retire(previous.takeRetainedValue())
        return copy
    }
}
