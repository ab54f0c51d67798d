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
        var lastSlot: (name: BusNotification.Name, slot: Unmanaged<NameSlot>)?
    }

    private let state = BusLock(State())
    private let table: Atomic<Unmanaged<NameTable>>
    private let wildcards = NameSlot()

    init() {
        table = Atomic(.passRetained(NameTable(slots: [:])))
    }

    deinit {
        table.load(ordering: .acquiring).release()
    }

    // MARK: Writing

    /// Gives a new entry the next sequence number, publishes it and hands it back. (Taking and returning
    /// ownership spares a retain and a release around the call.)
    func register<Entry: ObserverEntry>(_ entry: consuming Entry) -> Entry {
        let entry = entry
        let freed = state.withLock { state -> [AnyObject] in
            entry.sequence = state.nextSequence
            state.nextSequence += 1
            if !entry.removedWithToken {
                state.registered[ObjectIdentifier(entry)] = entry
            }
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
            return state.retired.collect()
        }
        _ = freed
        return entry
    }

    /// Removes an entry; does nothing if it was already removed.
    ///
    /// Wherever the entry is in its list, removal costs the same: its slot is vacated (or, for the newest,
    /// taken back) and, unless a post is running somewhere, nothing else is left to do — the entry's owner
    /// frees it. If a post may still be reading it, the entry is retired and freed once no post can.
    func unregister(_ entry: ObserverEntry) {
        let (removed, released, freed) = state.withLock { state -> (Bool, ObserverEntry?, [AnyObject]) in
            guard let slot = entry.slot, entry.deactivate() else { return (false, nil, []) }
            entry.slot = nil
            let (mayBeRead, emptied) = slot._withUnsafeGuaranteedRef { slot in
                (slot.remove(entry, retired: &state.retired), slot.live == 0 && slot !== wildcards)
            }
            if emptied { state.emptySlots += 1 }
            if mayBeRead {
                state.retired.retire(entry)
            }
            let released = entry.removedWithToken ? nil : state.registered.removeValue(forKey: ObjectIdentifier(entry))
            return (true, released, state.retired.collect())
        }
        // Dropped outside the lock: deinitializers may run arbitrary code.
        _ = freed
        _ = released
        if removed {
            entry.didRemove()
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
            state.registered = [:]
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

    func registrations() -> [BusRegistration] {
        allEntries().map(BusRegistration.init(entry:))
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
            state.slots.values.flatMap { $0.current.liveEntries() } + wildcards.current.liveEntries()
        }
        return (pruning ? pruned(entries) : entries).sorted { $0.sequence < $1.sequence }
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
