import Synchronization

/// The registration table of a bus and its post loop.
final class BusCore: Sendable {
    private struct State {
        var nextSequence: UInt64 = 1
        var lists: [BusNotification.Name: ObserverList] = [:]
        var wildcards = ObserverList.empty
    }

    private let state = Mutex(State())

    func register(_ make: (UInt64) -> ObserverEntry) -> ObserverEntry {
        state.withLock { state in
            let entry = make(state.nextSequence)
            state.nextSequence += 1
            if let name = entry.name {
                state.lists[name] = (state.lists[name] ?? .empty).appending(entry)
            } else {
                state.wildcards = state.wildcards.appending(entry)
            }
            return entry
        }
    }

    func unregister(_ entry: ObserverEntry) {
        guard entry.deactivate() else { return }
        state.withLock { state in
            if let name = entry.name {
                let list = state.lists[name]?.removing(entry)
                state.lists[name] = list?.entries.isEmpty == true ? nil : list
            } else {
                state.wildcards = state.wildcards.removing(entry)
            }
        }
        entry.didRemove()
    }

    func post(_ notification: BusNotification, group: DeliveryGroup?) {
        let (named, wildcards) = state.withLock { ($0.lists[notification.name], $0.wildcards) }
        let postedObject = notification.object
        let postedID = postedObject.map { ObjectIdentifier($0) }
        forEachEntry(named, wildcards) { entry in
            if entry.matches(objectID: postedID, object: postedObject) {
                entry.deliver(notification)
            }
        }
    }

    private func forEachEntry(_ named: ObserverList?, _ wildcards: ObserverList, _ body: (ObserverEntry) -> Void) {
        let a = named?.entries ?? []
        let b = wildcards.entries
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            let entry: ObserverEntry
            if j == b.count || (i < a.count && a[i].sequence < b[j].sequence) {
                entry = a[i]
                i += 1
            } else {
                entry = b[j]
                j += 1
            }
            if entry.isActive {
                body(entry)
            }
        }
    }

    func count(forName name: BusNotification.Name?) -> Int {
        let list = state.withLock { state in name.map { state.lists[$0] ?? .empty } ?? state.wildcards }
        return list.entries.count { $0.isActive && $0.isAlive }
    }

    func totalCount() -> Int {
        allEntries().count
    }

    func registrations() -> [BusRegistration] {
        allEntries().map(BusRegistration.init(entry:))
    }

    private func allEntries() -> [ObserverEntry] {
        let lists = state.withLock { state in Array(state.lists.values) + [state.wildcards] }
        return lists.flatMap(\.entries).filter { $0.isActive && $0.isAlive }.sorted { $0.sequence < $1.sequence }
    }
}

/// An immutable list of entries in registration order.
final class ObserverList: Sendable {
    static let empty = ObserverList([])

    let entries: [ObserverEntry]

    init(_ entries: [ObserverEntry]) {
        self.entries = entries
    }

    func appending(_ entry: ObserverEntry) -> ObserverList {
        ObserverList(entries + [entry])
    }

    func removing(_ entry: ObserverEntry) -> ObserverList {
        ObserverList(entries.filter { $0 !== entry })
    }
}

/// Counts the isolated deliveries of one ``NotificationBus/postAndWait(_:)`` and resumes the poster when
/// the last one has run.
final class DeliveryGroup: Sendable {
    private struct State {
        var pending = 1
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    func enter() {
        state.withLock { $0.pending += 1 }
    }

    func leave() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.pending -= 1
            guard state.pending == 0 else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Drops the poster's own count and waits for the deliveries.
    func wait() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                state.pending -= 1
                if state.pending == 0 { return true }
                state.waiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }
}
