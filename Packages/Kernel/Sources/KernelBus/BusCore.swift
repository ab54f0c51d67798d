import Synchronization

/// The registration table of a bus and its post loop.
///
/// Writers (registration and removal) serialize on `state`. Posts take no lock: inside an epoch read section
/// they load the published name table and observer lists (see ``EpochReclamation``), and never touch a
/// reference count or any other memory written by other threads while nothing is being registered.
///
/// Entries are owned here, not by their tokens: registering an entry takes one reference to it, which the
/// core holds (unmanaged) until three things are true — the entry is removed, its token will not read it
/// again (the token is gone, or it removed the entry itself and is detached from it), and no post can still
/// be reading it (it was removed while no thread was inside a read section, or its retirement epoch has
/// passed). A token holds its entry unretained, which is safe because the second condition waits for it.
/// Once all three hold, a plain block entry is kept for reuse (up to ``spareLimit``) and any other entry
/// released, so that adding and removing an observer costs one allocation, the token's, and no reference
/// counting on the entry; dropping a detached token takes no lock.
final class BusCore: Sendable {
    private struct State {
        var nextSequence: UInt64 = 1
        var slots: [BusNotification.Name: NameSlot] = [:]
        var emptySlots = 0
        var retired = RetiredObjects()
        /// Removed entries that a post may still be reading, with their retirement stamps. The core still
        /// owns them (see the type's documentation).
        var retiredEntries: [(stamp: UInt64, entry: Unmanaged<ObserverEntry>)] = []
        /// Block entries no post or token can reach, kept for reuse; the core still owns them.
        var spareBlocks: [Unmanaged<BlockEntry>] = []
        /// The slot of the latest registration (registrations for one name often come in a row); it is
        /// kept alive by `slots` and cleared whenever slots are dropped.
        var lastSlot: (name: BusNotification.Name, slot: Unmanaged<NameSlot>)?
    }

    /// What a writer lets go of under the lock, dropped after the lock is released: deinitializers and
    /// removal callbacks may run arbitrary code, even code that uses the bus.
    private struct Released {
        /// The removal callback of the entry removed by the call, run once the lock is released.
        var removalAction: (@Sendable () -> Void)?
        /// The block of the entry kept for reuse by the call.
        var block: (@Sendable (BusNotification) -> Void)?
        /// The entry let go of by the call.
        var entry: ObserverEntry?
        /// Anything else let go of: retired lists and tables, further entries and blocks.
        var more: [Any] = []
    }

    /// How many removed block entries a core keeps for reuse.
    static let spareLimit = 64

    private let state = BusLock(State())
    private let table: Atomic<Unmanaged<NameTable>>
    private let wildcards = NameSlot()

    init() {
        table = Atomic(.passRetained(NameTable(slots: [:])))
    }

    deinit {
        table.load(ordering: .acquiring).release()
        // Every token is gone (each keeps the core alive) and the bus closed, so every entry is removed; those
        // still retired can no longer be read (no post reaches a core whose bus is gone). They are released
        // after the lock, like everything else the core lets go of.
        let owned = state.withLock { state -> [Unmanaged<ObserverEntry>] in
            defer {
                state.retiredEntries = []
                state.spareBlocks = []
            }
            return state.retiredEntries.map(\.entry) + state.spareBlocks.map { Unmanaged.fromOpaque($0.toOpaque()) }
        }
        for entry in owned {
            entry.release()
        }
    }

    // MARK: Writing

    /// Registers an entry and returns it unretained: the core owns it from now on (see the type's
    /// documentation), and the caller must hand it to a token at once.
    func register(_ entry: ObserverEntry) -> Unmanaged<ObserverEntry> {
        let (registered, released) = state.withLock { state -> (Unmanaged<ObserverEntry>, Released) in
            publish(entry, &state)
            var released = Released()
            collect(&state, into: &released)
            return (.passRetained(entry), released)
        }
        _ = released
        return registered
    }

    /// Registers a block called on the posting thread, reusing a spare block entry when there is one; see
    /// ``register(_:)``.
    func registerBlock(
        name: BusNotification.Name?,
        object: (any AnyObject & Sendable)?,
        isSequence: Bool = false,
        onRemove: (@Sendable () -> Void)? = nil,
        block: @escaping @Sendable (BusNotification) -> Void
    ) -> Unmanaged<ObserverEntry> {
        let (registered, released) = state.withLock { state -> (Unmanaged<BlockEntry>, Released) in
            let entry: Unmanaged<BlockEntry>
            if let spare = state.spareBlocks.popLast() {
                spare._withUnsafeGuaranteedRef {
                    $0.reuse(name: name, object: object, isSequence: isSequence, onRemove: onRemove, block: block)
                }
                entry = spare
            } else {
                entry = .passRetained(
                    BlockEntry(name: name, object: object, isSequence: isSequence, onRemove: onRemove, block: block)
                )
            }
            entry._withUnsafeGuaranteedRef { publish($0, &state) }
            var released = Released()
            collect(&state, into: &released)
            return (entry, released)
        }
        _ = released
        return Unmanaged.fromOpaque(registered.toOpaque())
    }

    /// Gives an entry the next sequence number and publishes it in its slot.
    private func publish(_ entry: ObserverEntry, _ state: inout State) {
        entry.sequence = state.nextSequence
        state.nextSequence += 1
        if let name = entry.name {
            let slot: Unmanaged<NameSlot>
            if let last = state.lastSlot, last.name == name {
                slot = last.slot
            } else {
                if let existing = state.slots[name] {
                    slot = .passUnretained(existing)
                } else {
                    let created = NameSlot()
                    state.slots[name] = created
                    publishTable(&state)
                    slot = .passUnretained(created)
                    state.emptySlots += 1  // Counted as empty until the append below.
                }
                state.lastSlot = (name, slot)
            }
            let wasEmpty = slot._withUnsafeGuaranteedRef { slot in
                let wasEmpty = slot.live == 0
                slot.append(entry, retired: &state.retired)
                return wasEmpty
            }
            if wasEmpty { state.emptySlots -= 1 }
            entry.slot = slot
        } else {
            wildcards.append(entry, retired: &state.retired)
            entry.slot = .passUnretained(wildcards)
        }
    }

    /// Removes an entry; does nothing if it was already removed. The caller keeps the entry alive for the
    /// call (it holds its token or a reference to it).
    ///
    /// Wherever the entry is in its list, removal costs the same: its slot is vacated (or, for the newest,
    /// taken back) and, unless a post is running somewhere, nothing else is left to do. If a post may still
    /// be reading the entry, it is retired and let go of once no post can.
    func unregister(_ entry: ObserverEntry) {
        let released = state.withLock { state -> Released in
            var released = Released()
            if remove(entry, &state, into: &released) {
                reclaim(entry, &state, into: &released)
            }
            collect(&state, into: &released)
            return released
        }
        released.removalAction?()
    }

    /// Removes the observer of a token, if `matches` accepts its entry, and detaches the token from the
    /// entry (see ``BusObservation/detached``), which is then let go of at once unless a post may still be
    /// reading it. Does nothing for a token already detached.
    func unregister(_ observation: BusObservation, where matches: (ObserverEntry) -> Bool = { _ in true }) {
        let released = state.withLock { state -> Released in
            var released = Released()
            guard !observation.detached.load(ordering: .relaxed) else { return released }
            observation.entry._withUnsafeGuaranteedRef { entry in
                guard matches(entry) else { return }
                remove(entry, &state, into: &released)
                observation.detached.store(true, ordering: .releasing)
                entry.hasToken = false
                reclaim(entry, &state, into: &released)
            }
            collect(&state, into: &released)
            return released
        }
        released.removalAction?()
    }

    /// Whether a token's observer is still registered.
    func isActive(_ observation: BusObservation) -> Bool {
        state.withLock { _ in
            !observation.detached.load(ordering: .relaxed) && observation.entry._withUnsafeGuaranteedRef { $0.isActive }
        }
    }

    /// The entry's token is gone without being detached: removes the entry if dropping its token removes
    /// it, and lets go of it if nothing can reach it any more.
    func tokenDropped(_ entry: ObserverEntry) {
        let released = state.withLock { state -> Released in
            var released = Released()
            entry.hasToken = false
            if entry.removedWithToken {
                remove(entry, &state, into: &released)
            }
            reclaim(entry, &state, into: &released)
            collect(&state, into: &released)
            return released
        }
        released.removalAction?()
    }

    /// Takes an entry out of its list; returns whether it was registered. Under the bus lock.
    @discardableResult
    private func remove(_ entry: ObserverEntry, _ state: inout State, into released: inout Released) -> Bool {
        guard let slot = entry.slot, entry.deactivate() else { return false }
        entry.slot = nil
        let (mayBeRead, emptied) = slot._withUnsafeGuaranteedRef { slot in
            (slot.remove(entry, retired: &state.retired), slot.live == 0 && slot !== wildcards)
        }
        if emptied { state.emptySlots += 1 }
        if mayBeRead {
            entry.isRetired = true
            state.retiredEntries.append((EpochReclamation.retirementStamp(), .passUnretained(entry)))
        }
        released.removalAction = entry.takeRemovalAction()
        return true
    }

    /// Lets go of the core's reference to an entry once it is removed, its token gone and no post can read
    /// it: keeps a block entry for reuse, and releases any other. Under the bus lock.
    ///
    /// Reuse is safe because nothing else reads a block entry's fields: posts reach it only while it is
    /// published or retired, its token only while it exists, and introspection reads entries under the lock.
    private func reclaim(_ entry: ObserverEntry, _ state: inout State, into released: inout Released) {
        guard entry.slot == nil, !entry.hasToken, !entry.isRetired else { return }
        if state.spareBlocks.count < Self.spareLimit && type(of: entry) == BlockEntry.self {
            let spare = unsafeDowncast(entry, to: BlockEntry.self)
            let block = spare.recycle()
            if released.block == nil {
                released.block = block
            } else {
                released.more.append(block)
            }
            state.spareBlocks.append(.passUnretained(spare))
        } else {
            let owned = Unmanaged.passUnretained(entry).takeRetainedValue()
            if released.entry == nil {
                released.entry = owned
            } else {
                released.more.append(owned)
            }
        }
    }

    /// Lets go of the retired objects and entries that no post can still see. Under the bus lock.
    @inline(__always)
    private func collect(_ state: inout State, into released: inout Released) {
        if !state.retired.isEmpty || !state.retiredEntries.isEmpty {
            collectRetired(&state, into: &released)
        }
    }

    private func collectRetired(_ state: inout State, into released: inout Released) {
        let objects = state.retired.collect()
        if !objects.isEmpty {
            released.more.append(contentsOf: objects as [Any])
        }
        guard !state.retiredEntries.isEmpty else { return }
        let oldest = EpochReclamation.oldestAnnouncedEpoch()
        let ready = state.retiredEntries.filter { $0.stamp <= oldest }
        guard !ready.isEmpty else { return }
        state.retiredEntries.removeAll { $0.stamp <= oldest }
        for item in ready {
            item.entry._withUnsafeGuaranteedRef { entry in
                entry.isRetired = false
                reclaim(entry, &state, into: &released)
            }
        }
    }

    /// Publishes a table of the current slots, dropping empty ones when they have piled up, and retires the
    /// previous table.
    private func publishTable(_ state: inout State) {
        if state.emptySlots >= 8 && state.emptySlots * 2 >= state.slots.count {
            state.slots = state.slots.filter { $0.value.live > 0 }
            state.emptySlots = 0
            state.lastSlot = nil
        }
        let previous = table.exchange(.passRetained(NameTable(slots: state.slots)), ordering: .sequentiallyConsistent)
        state.retired.retire(previous.takeRetainedValue())
    }

    /// Removes every entry, for a bus that is being deinitialized. Tokens that outlive the bus keep only
    /// this emptied core alive.
    func close() {
        let entries = allEntries(pruning: false)
        for entry in entries {
            unregister(entry)
        }
        let freed = state.withLock { state -> [AnyObject] in
            let slots = state.slots
            state.slots = [:]
            state.emptySlots = 0
            state.lastSlot = nil
            publishTable(&state)
            return Array(slots.values) + state.retired.collect()
        }
        _ = freed
    }

    // MARK: Posting

    /// Calls `body` for every active entry registered for `name` or for every name, whose object filter
    /// accepts `object`, in registration order.
    @inline(__always)
    func forEachObserver(
        of name: BusNotification.Name,
        object: (any AnyObject & Sendable)?,
        _ body: (ObserverEntry) -> Void
    ) {
        EpochReclamation.withReadSection {
            let named = table.load(ordering: .sequentiallyConsistent)._withUnsafeGuaranteedRef { $0[slots: name] }
            let objectID = object.map { ObjectIdentifier($0) }
            wildcards.load()._withUnsafeGuaranteedRef { wildcards in
                if let named {
                    named._withUnsafeGuaranteedRef { $0.load() }._withUnsafeGuaranteedRef { named in
                        if wildcards.count == 0 {
                            visit(named, objectID: objectID, object: object, body)
                        } else {
                            merge(named, wildcards, objectID: objectID, object: object, body)
                        }
                    }
                } else {
                    visit(wildcards, objectID: objectID, object: object, body)
                }
            }
        }
    }

    @inline(__always)
    private func visit(
        _ list: ObserverList,
        objectID: ObjectIdentifier?,
        object: (any AnyObject & Sendable)?,
        _ body: (ObserverEntry) -> Void
    ) {
        let count = list.count
        var index = 0
        while index < count {
            list[index]._withUnsafeGuaranteedRef { entry in
                if entry.isActive && entry.matches(objectID: objectID, object: object) {
                    body(entry)
                }
            }
            index += 1
        }
    }

    private func merge(
        _ named: ObserverList,
        _ wildcards: ObserverList,
        objectID: ObjectIdentifier?,
        object: (any AnyObject & Sendable)?,
        _ body: (ObserverEntry) -> Void
    ) {
        let namedCount = named.count
        let wildcardCount = wildcards.count
        var i = 0
        var j = 0
        while i < namedCount || j < wildcardCount {
            // Each slot is loaded once per step: a removal may vacate it meanwhile (see `ObserverList.vacant`,
            // whose sequence 0 is passed at once).
            let next: Unmanaged<ObserverEntry>
            if j == wildcardCount {
                next = named[i]
                i += 1
            } else if i == namedCount {
                next = wildcards[j]
                j += 1
            } else {
                let candidate = named[i]
                let other = wildcards[j]
                if candidate._withUnsafeGuaranteedRef({ $0.sequence }) < other._withUnsafeGuaranteedRef({ $0.sequence }) {
                    next = candidate
                    i += 1
                } else {
                    next = other
                    j += 1
                }
            }
            next._withUnsafeGuaranteedRef { entry in
                if entry.isActive && entry.matches(objectID: objectID, object: object) {
                    body(entry)
                }
            }
        }
    }

    /// Posts a classic notification.
    func post(_ notification: BusNotification, group: DeliveryGroup?) {
        forEachObserver(of: notification.name, object: notification.object) { entry in
            entry.deliver(notification, group: group)
        }
    }

    /// Posts a typed message: typed observers of the same type get it directly, every other observer gets
    /// the notification the message makes, built once on first need.
    func post<Message: BusMessage>(_ message: Message, group: DeliveryGroup?) {
        let messageType = ObjectIdentifier(Message.self)
        var notification: BusNotification?
        forEachObserver(of: Message.name, object: message.subject) { entry in
            if entry.messageType == messageType {
                unsafeDowncast(entry, to: TypedEntry<Message>.self).deliver(message, group: group)
            } else {
                if notification == nil {
                    notification = message.makeNotification()
                }
                entry.deliver(notification!, group: group)
            }
        }
    }

    // MARK: Introspection

    func count(forName name: BusNotification.Name?) -> Int {
        entries(forName: name).count
    }

    func totalCount() -> Int {
        allEntries().count
    }

    /// Snapshots of the live registrations, taken under the lock (a removed block entry may be reused, so
    /// its fields are only read there).
    func registrations() -> [BusRegistration] {
        _ = allEntries()  // Removes dead weak targets first.
        return state.withLock { state in
            Self.liveEntries(state, wildcards: wildcards).map(BusRegistration.init(entry:))
        }
    }

    /// The live entries registered for `name` (or for every name), pruning dead weak targets.
    func entries(forName name: BusNotification.Name?) -> [ObserverEntry] {
        let entries = state.withLock { state -> [ObserverEntry] in
            let slot: NameSlot? = if let name { state.slots[name] } else { wildcards }
            return slot?.current.liveEntries() ?? []
        }
        return pruned(entries)
    }

    func allEntries(pruning: Bool = true) -> [ObserverEntry] {
        let entries = state.withLock { state in
            Self.liveEntries(state, wildcards: wildcards)
        }
        return pruning ? pruned(entries) : entries
    }

    /// Every live entry in registration order. Under the bus lock.
    private static func liveEntries(_ state: State, wildcards: NameSlot) -> [ObserverEntry] {
        (state.slots.values.flatMap { $0.current.liveEntries() } + wildcards.current.liveEntries())
            .sorted { $0.sequence < $1.sequence }
    }

    private func pruned(_ entries: [ObserverEntry]) -> [ObserverEntry] {
        entries.filter { entry in
            if entry.isAlive { return true }
            unregister(entry)
            return false
        }
    }
}

/// An immutable map from names to slots, published atomically and retired through epoch reclamation.
///
/// `@unchecked Sendable`: immutable after `init`; the unmanaged references in `index` are kept alive by
/// `slots`.
final class NameTable: @unchecked Sendable {
    let index: [BusNotification.Name: Unmanaged<NameSlot>]
    private let slots: [NameSlot]

    init(slots: [BusNotification.Name: NameSlot]) {
        self.slots = Array(slots.values)
        self.index = slots.mapValues { Unmanaged.passUnretained($0) }
    }

    /// The slot for a name, without retaining it.
    @inline(__always)
    subscript(slots name: BusNotification.Name) -> Unmanaged<NameSlot>? { index[name] }
}
