import Synchronization

/// A fixed-capacity, append-only array of entries in registration order, read by posts without locks.
///
/// The writer (holding its bus's lock) initializes slot `count` and then publishes it by storing
/// `count + 1` with release ordering; a reader loads `count` (sequentially consistent, hence also acquire)
/// and reads only the slots below it. Removed entries stay in place, marked inactive, until the writer
/// replaces the whole list with a compacted copy and retires this one — except the newest entry, which the
/// writer may take back at once when no thread is inside a read section (see ``removeLast(_:)``); only
/// then is a published slot ever written again.
///
/// Ownership: a list retains the entries that live as long as their registration (weak targets, whose
/// ``ObserverEntry/removedWithToken`` is false). An entry removed with its token is kept alive by the
/// token while it is registered, so the list only borrows it; when such an entry is removed but stays in
/// the list as a tombstone, the list adopts a reference to it (``adopt(_:)``). The references a list owns
/// are kept in `owned` and released when the list is freed; `deinit` never looks at the slots, since a
/// retired list may still point at borrowed entries that are gone (they were removed, while no thread was
/// reading, after the list had been replaced). Lists are freed through epoch reclamation, after every older
/// list that holds the same entry, so no reader can reach an entry after its last owner let go.
///
/// `@unchecked Sendable`: the storage is only mutated as described above (initialize-then-publish under the
/// bus lock) and freed in `deinit`, which runs once epoch reclamation proves no reader can see the list;
/// `dead`, `appends` and `owned` are only touched under the bus lock (and in `deinit`).
final class ObserverList: @unchecked Sendable {
    let capacity: Int
    private let published = Atomic<Int>(0)
    private let storage: UnsafeMutablePointer<Unmanaged<ObserverEntry>>
    /// Entries in the list that have been removed from the bus. Guarded by the bus lock.
    var dead = 0
    /// The references the list owns: its weak-target entries and adopted tombstones. Guarded by the bus
    /// lock.
    private var owned: [Unmanaged<ObserverEntry>] = []

    init(capacity: Int) {
        self.capacity = capacity
        storage = .allocate(capacity: max(capacity, 1))
    }

    deinit {
        for entry in owned {
            entry.release()
        }
        storage.deallocate()
    }

    /// The number of published slots, for readers. Sequentially consistent, so that it cannot be ordered
    /// before the reader's announcement of its read section (see ``removeLast(_:)``); on x86-64 and ARM64
    /// this costs the same as an acquiring load.
    @inline(__always)
    var count: Int { published.load(ordering: .sequentiallyConsistent) }

    /// The entry in a published slot, without retaining it.
    @inline(__always)
    subscript(index: Int) -> Unmanaged<ObserverEntry> { storage[index] }

    /// Appends made to the list, including those into slots taken back. Guarded by the bus lock.
    private var appends = 0

    /// Whether the writer must replace the list before appending: it is full, or it holds tombstones and
    /// has taken as many appends as it has slots. (Slots taken back by ``removeLast(_:)`` are reused, so
    /// without the second rule a tombstone could stay forever under a steady add-and-remove of the newest
    /// observer; with it, tombstones are compacted away within `capacity` registrations, as when every
    /// append used a new slot.)
    var needsReplacement: Bool {
        published.load(ordering: .relaxed) == capacity || dead > 0 && appends >= capacity
    }

    /// Appends and publishes an entry, retaining it unless its token owns it. Only the writer, under the
    /// bus lock, calls it.
    func append(_ entry: ObserverEntry) {
        let count = published.load(ordering: .relaxed)
        precondition(count < capacity)
        let unmanaged = Unmanaged.passUnretained(entry)
        if !entry.removedWithToken {
            owned.append(unmanaged.retain())
        }
        (storage + count).initialize(to: unmanaged)
        appends += 1
        published.store(count + 1, ordering: .releasing)
    }

    /// Keeps a removed entry that its token owned alive for as long as the list, which still shows it to
    /// readers as a tombstone. Only the writer, under the bus lock, calls it.
    func adopt(_ entry: ObserverEntry) {
        owned.append(.passRetained(entry))
    }

    /// Takes the last slot back when it holds `entry` and no thread is inside a read section, so that the
    /// next append reuses it; returns whether it did, and the list's reference to the entry if it owned
    /// one, for the caller to release outside the bus lock (the entry's deinitializer may run arbitrary
    /// code). Only the writer, under the bus lock, calls it.
    ///
    /// Why it is safe: the count is lowered with a sequentially consistent store *before* the scan of the
    /// read-section announcements. A reader the scan does not see announced itself after the scan, and its
    /// (sequentially consistent) load of the count comes after its announcement, so it reads the lowered
    /// count and never looks at the slot. A reader that had already left its section made its reads before
    /// its releasing exit, which the scan acquired. If the scan does see a reader, the count is restored;
    /// the slot was not touched, so readers that saw either count are fine, and the entry stays as a
    /// tombstone.
    func removeLast(_ entry: ObserverEntry) -> (removed: Bool, owned: Unmanaged<ObserverEntry>?) {
        let count = published.load(ordering: .relaxed)
        let last = Unmanaged.passUnretained(entry)
        guard count > 0, storage[count - 1].toOpaque() == last.toOpaque() else {
            return (false, nil)
        }
        published.store(count - 1, ordering: .sequentiallyConsistent)
        if EpochReclamation.isAnyThreadReading() {
            published.store(count, ordering: .sequentiallyConsistent)
            return (false, nil)
        }
        guard !entry.removedWithToken, let index = owned.lastIndex(where: { $0.toOpaque() == last.toOpaque() }) else {
            return (true, nil)
        }
        return (true, owned.remove(at: index))
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

    /// Appends an entry, first replacing the list with a compacted, larger copy when it must be replaced.
    func append(_ entry: ObserverEntry, retired: inout RetiredObjects) {
        let full = list.load(ordering: .relaxed)._withUnsafeGuaranteedRef { current in
            guard !current.needsReplacement else { return true }
            current.append(entry)
            return false
        }
        if full {
            replace(minimumCapacity: live + 1, retired: &retired).append(entry)
        }
        live += 1
    }

    /// Accounts for a removed (already deactivated) entry. The newest entry is taken out of the list at once
    /// when no post is reading (see ``ObserverList/removeLast(_:)``); any other entry stays as a tombstone,
    /// and the list is compacted when dead entries dominate. Returns a reference to the entry that the
    /// caller must release outside the lock, when the list owned one and gave it up.
    func entryRemoved(_ entry: ObserverEntry, retired: inout RetiredObjects) -> Unmanaged<ObserverEntry>? {
        live -= 1
        let live = self.live
        var taken: Unmanaged<ObserverEntry>?
        let compact = list.load(ordering: .relaxed)._withUnsafeGuaranteedRef { current in
            let (removed, owned) = current.removeLast(entry)
            if removed {
                taken = owned
            } else {
                current.dead += 1
                if entry.removedWithToken {
                    current.adopt(entry)
                }
            }
            return current.dead > max(32, live) || live == 0 && current.capacity > 64
        }
        if compact {
            replace(minimumCapacity: live, retired: &retired)
        }
        return taken
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
