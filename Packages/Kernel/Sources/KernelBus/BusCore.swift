import Synchronization

/// The registration table of a bus and its post loop.
///
/// Writers (registration and removal) serialize on `state`. Posts take no lock: inside an epoch read section
/// they load the published name table and observer lists (see ``EpochReclamation``), and never touch a
/// reference count or any other memory written by other threads while nothing is being registered.
final class BusCore: Sendable {
    private struct State {
        var nextSequence: UInt64 = 1
        var slots: [BusNotification.Name: NameSlot] = [:]
        var emptySlots = 0
        var retired = RetiredObjects()
        /// The entries that live as long as their registration (weak targets, whose
        /// ``ObserverEntry/removedWithToken`` is false), kept alive here; the others are owned by their token.
        var registered: [ObjectIdentifier: ObserverEntry] = [:]
        /// The slot of the latest registration (registrations for one name often come in a row); it is
        /// kept alive by `slots` and cleared whenever slots are dropped.
        var lastSlot: Unmanaged<NameSlot>?
        /// Every block entry made, registered or spare: the core owns them (see ``BusCore/registerBlock(name:object:block:)``).
        var blockEntries: [BlockEntry] = []
        /// Removed block entries that no reader can reach, for the next plain block registrations: a list
        /// linked through ``BlockEntry/nextSpare``.
        var spareBlocks: Unmanaged<BlockEntry>?
    }

    private let state = BusLock(State())
    private let table: Atomic<Unmanaged<NameTable>>
    private let wildcards = NameSlot(name: nil)

    private init() {
        table = Atomic(.passRetained(NameTable(slots: [:])))
    }

    /// Cores whose bus is gone, emptied, for the next buses.
    private static let spareCores = BusLock<[BusCore]>([])

    /// A core for a new bus: a spare one when there is one.
    ///
    /// Cores are never freed, only reused, and every block entry a core makes lives as long as the core:
    /// so a token can hold its core and its entry without retaining either (an add and a remove then
    /// change no shared reference count), and still never reach freed memory, even once its bus is gone
    /// and the core serves another bus. Orders keep rising across a core's buses, so an old token never
    /// matches a later registration. The memory kept is that of the most buses alive at once and the most
    /// plain block observers each core held at once.
    static func make() -> BusCore {
        spareCores.withLock { $0.popLast() } ?? BusCore()
    }

    /// Takes back the core of a bus being deinitialized, after ``close()``.
    static func recycle(_ core: BusCore) {
        spareCores.withLock { $0.append(core) }
    }

    deinit {
        table.load(ordering: .acquiring).release()
    }

    // MARK: Writing

    /// Gives a new entry the next order, publishes it and hands it back with its order. (Taking and
    /// returning ownership spares a retain and a release around the call.)
    func register<Entry: ObserverEntry>(_ entry: consuming Entry) -> (entry: Entry, order: UInt64) {
        let entry = entry
        let (order, freed) = state.withLock { state -> (UInt64, Reclaimed) in
            let order = insert(entry, name: entry.name, &state)
            return (order, reclaim(&state))
        }
        _ = freed
        return (entry, order)
    }

    /// Registers a plain block, reusing a removed ``BlockEntry`` when one is spare.
    ///
    /// The core owns every block entry it makes (`blockEntries`) until it is itself freed, and the token
    /// holds its entry unretained, so an add and a remove change no reference count of the entry: a
    /// removed entry that no reader can reach goes back to `spareBlocks` and serves the next registration.
    /// The memory kept is that of the most plain block observers registered at once.
    func registerBlock(
        name: BusNotification.Name?,
        object: (any AnyObject & Sendable)?,
        block: @escaping @Sendable (BusNotification) -> Void
    ) -> (entry: Unmanaged<BlockEntry>, order: UInt64) {
        let (entry, order, needsUpkeep) = state.withLock { state -> (Unmanaged<BlockEntry>, UInt64, Bool) in
            let entry: Unmanaged<BlockEntry>
            if let spare = state.spareBlocks {
                state.spareBlocks = spare._withUnsafeGuaranteedRef { $0.nextSpare }
                // No reader can reach a spare entry; it holds no block and matches no object, so only a
                // specific object is set.
                entry = spare
                spare._withUnsafeGuaranteedRef { spare in
                    if object != nil {
                        spare.setObject(object)
                    }
                    spare.setBlock(block)
                }
            } else {
                let created = BlockEntry(object: object, block: block)
                state.blockEntries.append(created)
                entry = .passUnretained(created)
            }
            let order = entry._withUnsafeGuaranteedRef { insert($0, name: name, &state) }
            return (entry, order, !state.retired.isEmpty)
        }
        if needsUpkeep {
            upkeep()
        }
        return (entry, order)
    }

    /// Gives an entry the next order and publishes it in its name's slot (or the wildcards').
    private func insert(_ entry: ObserverEntry, name: BusNotification.Name?, _ state: inout State) -> UInt64 {
        let order = state.nextSequence
        state.nextSequence += 1
        entry.activate(order: order)
        if !entry.removedWithToken {
            state.registered[ObjectIdentifier(entry)] = entry
        }
        if let name {
            let slot: Unmanaged<NameSlot>
            // Compared through the slot's own name, which is not copied.
            if let last = state.lastSlot, last._withUnsafeGuaranteedRef({ $0.name == name }) {
                slot = last
            } else {
                if let existing = state.slots[name] {
                    slot = .passUnretained(existing)
                } else {
                    // Before the new slot goes in: it is empty until the append below, and must not be dropped.
                    dropEmptySlotsIfPiledUp(&state)
                    let created = NameSlot(name: name)
                    state.slots[name] = created
                    publishTable(&state)
                    slot = .passUnretained(created)
                    state.emptySlots += 1  // Counted as empty until the append below.
                }
                state.lastSlot = slot
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
        return order
    }

    /// Removes an entry; does nothing if it was already removed or, when `order` is given, if it is no
    /// longer registered under that order (a reused ``BlockEntry`` now serving a later registration).
    ///
    /// Wherever the entry is in its list, removal costs the same: its slot is vacated (or, for the newest,
    /// taken back) and, unless a post is running somewhere, nothing else is left to do — a block entry is
    /// kept for reuse, any other is freed by its owner. If a post may still be reading it, the entry is
    /// retired and freed (or kept for reuse) once no post can.
    func unregister(_ entry: Unmanaged<ObserverEntry>, order: UInt64) {
        if entry._withUnsafeGuaranteedRef({ $0.isReusable }) {
            unregisterBlock(Unmanaged<BlockEntry>.fromOpaque(entry.toOpaque()), order: order)
        } else {
            entry._withUnsafeGuaranteedRef { unregister($0, order: order) }
        }
    }

    /// Removes a plain block registration made under `order` (any, when `nil`: only for callers that no
    /// registration can race, such as the bus's deinitialization), if it is still registered. The path taken by
    /// nearly every removal, so it does only what a block entry needs: no callback, no registration table.
    ///
    /// When no post is running anywhere (see ``ObserverList/unpublish(_:at:)``), the entry goes straight
    /// back to the spare entries and its block is released; otherwise it is retired, and kept for reuse once
    /// no post can still read it, by a later write on the bus.
    private func unregisterBlock(_ entry: Unmanaged<BlockEntry>, order: UInt64?) {
        // Dropped after leaving the lock: a block's captures may run any code when released.
        var block: (@Sendable (BusNotification) -> Void)?
        let needsUpkeep = state.withLock { state in
            entry._withUnsafeGuaranteedRef { entry -> Bool in
                guard let mayBeRead = takeOut(entry, order: order, &state) else { return false }
                if !mayBeRead {
                    block = keep(.passUnretained(entry), &state)
                }
                return !state.retired.isEmpty
            }
        }
        _ = block
        if needsUpkeep {
            upkeep()
        }
    }

    /// Takes an entry registered under `order` (any, when `nil`) out of its list; under the lock. Returns `nil`
    /// if it was not registered (already removed, or its entry now serves a later registration), otherwise
    /// whether a post may still read it, in which case it has been retired.
    @inline(__always)
    private func takeOut(_ entry: ObserverEntry, order: UInt64?, _ state: inout State) -> Bool? {
        guard let slot = entry.slot, order == nil || entry.isRegistered(as: order!), entry.deactivate() else {
            return nil
        }
        entry.slot = nil
        let (mayBeRead, emptied) = slot._withUnsafeGuaranteedRef { slot in
            (slot.remove(entry, retired: &state.retired), slot.live == 0 && slot !== wildcards)
        }
        if emptied { state.emptySlots += 1 }
        if mayBeRead {
            state.retired.retire(entry)
        }
        return mayBeRead
    }

    /// Frees the retired objects no post can reach any more (keeping block entries among them for reuse),
    /// in a step of its own so that the common path of a registration or removal builds nothing it would
    /// have to drop. Takes the lock once more, and drops what it collects after leaving it.
    @inline(never)
    private func upkeep() {
        let reclaimed = state.withLock { state in reclaim(&state) }
        _ = reclaimed
    }

    /// What a writer collects under the lock and drops after leaving it (deinitializers and a block's
    /// captures may run any code): retired objects no post can reach any more, and the blocks of the block
    /// entries among them, which are kept for reuse.
    struct Reclaimed {
        var objects: [AnyObject] = []
        var blocks: [DroppedBlock] = []
    }

    /// Collects the retired objects no post can reach any more (with `all`, every retired object, for a bus
    /// being deinitialized), keeping block entries among them for reuse.
    private func reclaim(_ state: inout State, all: Bool = false) -> Reclaimed {
        guard !state.retired.isEmpty else { return Reclaimed() }
        var reclaimed = Reclaimed(objects: all ? state.retired.removeAll() : state.retired.collect())
        for object in reclaimed.objects {
            if let entry = object as? BlockEntry {
                reclaimed.blocks.append(DroppedBlock(block: keep(.passUnretained(entry), &state)))
            }
        }
        return reclaimed
    }

    func unregister(_ entry: ObserverEntry, order: UInt64? = nil) {
        if entry.isReusable {
            // A removed block entry always goes the block path, which keeps it for reuse.
            unregisterBlock(.passUnretained(unsafeDowncast(entry, to: BlockEntry.self)), order: order)
            return
        }
        let (removed, released, freed) = state.withLock { state -> (Bool, ObserverEntry?, Reclaimed) in
            guard takeOut(entry, order: order, &state) != nil else { return (false, nil, Reclaimed()) }
            let reclaimed = reclaim(&state)
            let released = entry.removedWithToken ? nil : state.registered.removeValue(forKey: ObjectIdentifier(entry))
            return (true, released, reclaimed)
        }
        // Dropped outside the lock: deinitializers may run arbitrary code.
        _ = freed
        _ = released
        if removed {
            entry.didRemove()
        }
    }

    /// The block of an entry made spare, on its way to be dropped. (A closure stored in an array directly is
    /// boxed in an allocation of its own; one inside a struct is not.)
    struct DroppedBlock {
        let block: @Sendable (BusNotification) -> Void
    }

    /// Keeps a removed block entry, which no reader can reach, for reuse and returns its block, for the
    /// caller to drop after leaving the lock.
    private func keep(_ entry: Unmanaged<BlockEntry>, _ state: inout State) -> @Sendable (BusNotification) -> Void {
        entry._withUnsafeGuaranteedRef { $0.nextSpare = state.spareBlocks }
        state.spareBlocks = entry
        // Not returned from the closure: a closure passed through a generic result is boxed.
        var block: (@Sendable (BusNotification) -> Void)?
        entry._withUnsafeGuaranteedRef { entry in
            if entry.objectID != nil {
                entry.setObject(nil)
            }
            block = entry.takeBlock()
        }
        return block!
    }

    /// Drops the slots left empty once they have piled up (at least 8, and half of all slots), so that the
    /// next published table leaves them out; posts still reading the current table keep them alive until it
    /// is reclaimed. Called before a new slot is added, since a new slot is empty until its first entry.
    private func dropEmptySlotsIfPiledUp(_ state: inout State) {
        guard state.emptySlots >= 8 && state.emptySlots * 2 >= state.slots.count else { return }
        state.slots = state.slots.filter { $0.value.live > 0 }
        state.emptySlots = 0
        state.lastSlot = nil
    }

    /// Publishes a table of the current slots and retires the previous table.
    private func publishTable(_ state: inout State) {
        let previous = table.exchange(.passRetained(NameTable(slots: state.slots)), ordering: .sequentiallyConsistent)
        state.retired.retire(previous.takeRetainedValue())
    }

    /// Removes every entry, for a bus that is being deinitialized, before its core is recycled (see
    /// ``make()``).
    func close() {
        let entries = allEntries()
        for entry in entries {
            unregister(entry)
        }
        let freed = state.withLock { state -> ([AnyObject], Reclaimed) in
            let slots = state.slots
            state.slots = [:]
            state.registered = [:]
            state.emptySlots = 0
            state.lastSlot = nil
            publishTable(&state)
            // Everything retired can go now, whatever other threads are posting: only a post on this bus could
            // reach it, and a bus being deinitialized has none running (a post holds its bus).
            return (Array(slots.values), reclaim(&state, all: true))
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
            entry.dispatch(notification, group: group)
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
                entry.dispatch(notification!, group: group)
            }
        }
    }

    // MARK: Introspection

    func count(forName name: BusNotification.Name?) -> Int {
        pruneDeadTargets()
        return state.withLock { state in
            let slot: NameSlot? = if let name { state.slots[name] } else { wildcards }
            return slot?.current.liveEntries().count { $0.isAlive } ?? 0
        }
    }

    func totalCount() -> Int {
        pruneDeadTargets()
        return state.withLock { state in liveEntries(state).count { $0.isAlive } }
    }

    /// A snapshot of every registration, made under the lock: a block entry may be reused as soon as it is
    /// removed, so its name and order are only read while it cannot change.
    func registrations() -> [BusRegistration] {
        pruneDeadTargets()
        return state.withLock { state in
            liveEntries(state).filter(\.isAlive).map(BusRegistration.init(entry:))
        }
    }

    /// The live entries, in registration order, without pruning; for closing a bus and for removing a weak
    /// target's registrations, which act only on entries that are not reused (a closing bus registers
    /// nothing, and target entries are never reused).
    func allEntries() -> [ObserverEntry] {
        state.withLock { state in liveEntries(state) }
    }

    /// Removes the registrations of weak targets and actors that have died.
    private func pruneDeadTargets() {
        let dead = state.withLock { state in liveEntries(state).filter { !$0.isAlive } }
        for entry in dead {
            unregister(entry)
        }
    }

    /// Every live entry, in registration order.
    private func liveEntries(_ state: State) -> [ObserverEntry] {
        (state.slots.values.flatMap { $0.current.liveEntries() } + wildcards.current.liveEntries())
            .sorted { $0.sequence < $1.sequence }
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
