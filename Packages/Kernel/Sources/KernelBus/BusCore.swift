/// The registration table of a bus and its post loop.
///
/// The table maps each name to its observers in registration order, beside the observers of every name;
/// registration and removal change it under the lock. A post, under the lock taken to read, looks its name up
/// and takes a retained snapshot of its observers and the wildcards (copy-on-write arrays: two retains), then
/// calls them outside the lock, so an observer may post, add and remove. A removal marks its entry inactive
/// before it returns, and a post skips an inactive entry even if its snapshot still holds it.
final class BusCore: Sendable {
    private struct State {
        var nextOrder: UInt64 = 1
        var named: [BusNotification.Name: [ObserverEntry]] = [:]
        var wildcards: [ObserverEntry] = []
    }

    private let state = BusLock(State())

    // MARK: Writing

    /// Gives a new entry the next order and adds it to the table.
    func register<Entry: ObserverEntry>(_ entry: Entry) -> Entry {
        state.withLock { state in
            entry.activate(order: state.nextOrder)
            state.nextOrder += 1
            if let name = entry.name {
                state.named[name, default: []].append(entry)
            } else {
                state.wildcards.append(entry)
            }
        }
        return entry
    }

    /// Removes an entry; does nothing if it was already removed. The caller holds the entry, so the table
    /// never releases its last reference under the lock (a deinitializer may run any code).
    func unregister(_ entry: ObserverEntry) {
        let removed = state.withLock { state -> Bool in
            guard entry.deactivate() else { return false }
            if let name = entry.name {
                // Through the index: an optional-chained `named[name]?.remove…` cost a third of add + remove.
                if let index = state.named.index(forKey: name), state.named.values[index].removeEntry(entry) {
                    state.named.remove(at: index)
                }
            } else {
                state.wildcards.removeEntry(entry)
            }
            return true
        }
        if removed {
            entry.didRemove()
        }
    }

    /// Removes every entry, for a bus that is being deinitialized.
    func close() {
        let entries = state.withLock { state -> [ObserverEntry] in
            let entries = state.named.values.flatMap { $0 } + state.wildcards
            state.named = [:]
            state.wildcards = []
            return entries.filter { $0.deactivate() }
        }
        for entry in entries {
            entry.didRemove()
        }
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
        let (named, wildcards) = state.withReadLock { state in (state.named[name] ?? [], state.wildcards) }
        let objectID = object.map { ObjectIdentifier($0) }
        // The snapshot holds every entry for the whole loop, which borrows them (no retain per observer).
        named.withUnsafeBufferPointer { named in
            wildcards.withUnsafeBufferPointer { wildcards in
                var i = 0
                var j = 0
                while i < named.count || j < wildcards.count {
                    let next: Unmanaged<ObserverEntry>
                    if j == wildcards.count || i < named.count && named[i].order < wildcards[j].order {
                        next = .passUnretained(named[i])
                        i += 1
                    } else {
                        next = .passUnretained(wildcards[j])
                        j += 1
                    }
                    next._withUnsafeGuaranteedRef { entry in
                        if entry.isActive && entry.matches(objectID: objectID, object: object) {
                            body(entry)
                        }
                    }
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

    /// The live observers registered for exactly `name` (every name, with `nil`).
    func count(forName name: BusNotification.Name?) -> Int {
        pruneDeadTargets()
        let entries = state.withLock { state in name.map { state.named[$0] ?? [] } ?? state.wildcards }
        return entries.count { $0.isAlive }
    }

    /// The live observers on the bus.
    func totalCount() -> Int {
        pruneDeadTargets()
        return allEntries().count { $0.isAlive }
    }

    /// A snapshot of every live registration, in registration order.
    func registrations() -> [BusRegistration] {
        pruneDeadTargets()
        return allEntries().filter(\.isAlive).map(BusRegistration.init(entry:))
    }

    /// Every registered entry, in registration order.
    func allEntries() -> [ObserverEntry] {
        state.withLock { state in state.named.values.flatMap { $0 } + state.wildcards }
            .sorted { $0.order < $1.order }
    }

    /// Removes the registrations of weak targets and actors that have died.
    private func pruneDeadTargets() {
        for entry in allEntries() where !entry.isAlive {
            unregister(entry)
        }
    }
}

extension [ObserverEntry] {
    /// Removes an entry from an array in registration order, found by its order; returns whether the array
    /// is now empty.
    @discardableResult
    fileprivate mutating func removeEntry(_ entry: ObserverEntry) -> Bool {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].order < entry.order {
                low = middle + 1
            } else {
                high = middle
            }
        }
        remove(at: low)
        return isEmpty
    }
}
