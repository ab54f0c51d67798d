import Synchronization

/// A fixed-capacity, append-only array of entries in registration order, read by posts without locks.
///
/// The writer (holding its bus's lock) stores an entry in slot `count` and then publishes it by storing
/// `count + 1` with release ordering; a reader loads `count` (sequentially consistent, hence also acquire)
/// and reads only the slots below it.
///
/// Removal takes the entry out of sight at once, wherever it is: the writer stores the shared
/// ``ObserverList/vacant`` entry (inactive forever) into its slot — or, for the newest entry, lowers the
/// count so that the next append reuses the slot — and then checks whether any thread is inside a read
/// section (see ``unpublish(_:at:)``). If none is, no reader can reach the entry any more and its owner
/// may free it right away; otherwise the caller retires it through epoch reclamation. Vacant slots are
/// compacted away when the list is replaced by a copy (amortized: the writer copies the live entries once
/// the vacant ones outnumber them or the list is full).
///
/// Ownership: a list never owns its entries. An entry lives as long as its token or, for weak targets, its
/// registration in the bus (``BusCore``), and for as long as a reader may still see it (retirement); a
/// plain block entry lives as long as its bus core, which is never freed; every
/// slot that a reader can reach points to a live entry or to `vacant`. `deinit` never looks at the slots.
///
/// `@unchecked Sendable`: slots and count are atomics, written only by the writer under the bus lock; the
/// storage is freed in `deinit`, which runs once epoch reclamation proves no reader can see the list;
/// `dead` and `appends` are only touched under the bus lock.
final class ObserverList: @unchecked Sendable {
    let capacity: Int
    private let published = Atomic<Int>(0)
    private let storage: UnsafeMutablePointer<Atomic<UInt>>
    /// Vacant slots below the published count. Guarded by the bus lock.
    var dead = 0
    /// Appends made to the list, including those into slots taken back. Guarded by the bus lock.
    private var appends = 0
    /// Slots initialized so far (the highest count ever published). Guarded by the bus lock.
    private var initialized = 0

    /// The entry stored in a slot whose entry was removed: inactive, so readers skip it, with sequence 0, so
    /// that a post merging two lists by sequence passes it at once. It is never freed.
    static let vacant: ObserverEntry = {
        let entry = ObserverEntry(name: nil, object: nil)
        _ = entry.deactivate()
        return entry
    }()

    init(capacity: Int) {
        self.capacity = capacity
        storage = .allocate(capacity: max(capacity, 1))
    }

    deinit {
        // The slots are plain words (`Atomic<UInt>` needs no deinitialization).
        storage.deallocate()
    }

    /// The number of published slots, for readers. Sequentially consistent, so that it cannot be ordered
    /// before the reader's announcement of its read section (see ``unpublish(_:at:)``); on x86-64 and ARM64
    /// this costs the same as an acquiring load.
    @inline(__always)
    var count: Int { published.load(ordering: .sequentiallyConsistent) }

    /// The entry in a published slot, without retaining it. Acquiring, so that a reader that sees an entry
    /// (or `vacant`) also sees its initialization; on x86-64 and ARM64 a plain load.
    @inline(__always)
    subscript(index: Int) -> Unmanaged<ObserverEntry> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: storage[index].load(ordering: .acquiring))!)
    }

    /// Whether the writer must replace the list before appending: it is full, or it holds vacant slots and
    /// has taken as many appends as it has slots. (Slots taken back by ``unpublish(_:at:)`` are reused, so
    /// without the second rule a vacant slot could stay forever under a steady add-and-remove of the newest
    /// observer.)
    var needsReplacement: Bool {
        published.load(ordering: .relaxed) == capacity || dead > 0 && appends >= capacity
    }

    /// Appends and publishes an entry and records its index in it. Only the writer, under the bus lock,
    /// calls it.
    func append(_ entry: ObserverEntry) {
        let count = published.load(ordering: .relaxed)
        precondition(count < capacity)
        let bits = UInt(bitPattern: Unmanaged.passUnretained(entry).toOpaque())
        if count < initialized {
            // A slot taken back: initialized before.
            storage[count].store(bits, ordering: .relaxed)
        } else {
            (storage + count).initialize(to: Atomic(bits))
            initialized = count + 1
        }
        entry.index = count
        appends += 1
        published.store(count + 1, ordering: .releasing)
    }

    /// Takes `entry`, at `index`, out of sight of readers that start from now on; returns whether its slot
    /// was taken back for reuse, and whether a reader may still hold the entry (a thread is inside a read
    /// section), in which case the caller must keep it alive until that reader leaves. Only the writer, under
    /// the bus lock, calls it; the entry is already inactive.
    ///
    /// Why it is safe: the slot is cleared (or the count lowered) with a sequentially consistent store
    /// *before* the scan of the read-section announcements. A reader the scan does not see announced itself
    /// after the scan, and its (sequentially consistent) loads of the count and the slot come after its
    /// announcement, so it reads the cleared slot or the lowered count and never reaches the entry. A reader
    /// that had already left its section made its reads before its releasing exit, which the scan acquired.
    func unpublish(_ entry: ObserverEntry, at index: Int) -> (takenBack: Bool, mayBeRead: Bool) {
        let count = published.load(ordering: .relaxed)
        let bits = UInt(bitPattern: Unmanaged.passUnretained(entry).toOpaque())
        precondition(index < count && storage[index].load(ordering: .relaxed) == bits, "KernelBus: entry not at its index")
        if index == count - 1 {
            published.store(count - 1, ordering: .sequentiallyConsistent)
            if !EpochReclamation.isAnyThreadReading() {
                return (true, false)
            }
            // A reader may have loaded the old count: vacate the slot instead, then publish the count again.
            storage[index].store(Self.vacantBits, ordering: .sequentiallyConsistent)
            published.store(count, ordering: .sequentiallyConsistent)
            dead += 1
            return (false, true)
        }
        storage[index].store(Self.vacantBits, ordering: .sequentiallyConsistent)
        dead += 1
        return (false, EpochReclamation.isAnyThreadReading())
    }

    /// The slot contents that stand for `vacant`.
    static var vacantBits: UInt { UInt(bitPattern: Unmanaged.passUnretained(vacant).toOpaque()) }

    /// Whether a slot holds `vacant`; only for the writer, which passes `vacantBits` in once.
    @inline(__always)
    func isVacant(_ index: Int, vacantBits: UInt) -> Bool {
        storage[index].load(ordering: .relaxed) == vacantBits
    }

    /// The live entries, in order.
    func liveEntries() -> [ObserverEntry] {
        var result: [ObserverEntry] = []
        for index in 0..<count {
            let entry = self[index].takeUnretainedValue()
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
    /// The name observed; `nil` for the slot of observers of every name.
    let name: BusNotification.Name?
    private let list: Atomic<Unmanaged<ObserverList>>
    /// Registered entries still active. Guarded by the bus lock.
    var live = 0

    init(name: BusNotification.Name?) {
        self.name = name
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

    /// Takes a removed (already deactivated) entry out of the list (see ``ObserverList/unpublish(_:at:)``),
    /// and compacts the list when vacant slots dominate. Returns whether a reader may still hold the entry.
    func remove(_ entry: ObserverEntry, retired: inout RetiredObjects) -> Bool {
        live -= 1
        let live = self.live
        let (mayBeRead, compact) = list.load(ordering: .relaxed)._withUnsafeGuaranteedRef { current in
            let (_, mayBeRead) = current.unpublish(entry, at: entry.index)
            return (mayBeRead, current.dead > max(32, live) || live == 0 && current.capacity > 64)
        }
        if compact {
            replace(minimumCapacity: live, retired: &retired)
        }
        return mayBeRead
    }

    /// Publishes a compacted copy with room to grow and retires the old list.
    @discardableResult
    func replace(minimumCapacity: Int, retired: inout RetiredObjects) -> ObserverList {
        let copy = ObserverList(capacity: max(4, minimumCapacity * 2))
        let vacantBits = ObserverList.vacantBits
        list.load(ordering: .relaxed)._withUnsafeGuaranteedRef { old in
            for index in 0..<old.count where !old.isVacant(index, vacantBits: vacantBits) {
                old[index]._withUnsafeGuaranteedRef { copy.append($0) }
            }
        }
        let previous = list.exchange(.passRetained(copy), ordering: .sequentiallyConsistent)
        retired.retire(previous.takeRetainedValue())
        return copy
    }
}
