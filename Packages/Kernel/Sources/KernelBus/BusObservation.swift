import Synchronization

/// The token for one observer registration. Keep it for as long as the observer should be called.
///
/// Dropping the last reference to the token removes the observer, and so does ``cancel()`` or
/// ``NotificationBus/removeObserver(_:)``. Removing an observation twice, or on a bus it does not belong
/// to, does nothing. (Registrations of a weak target are the exception: they live as long as the target,
/// and dropping their token does not remove them.)
public final class BusObservation: Sendable, Hashable {
    /// The registration, unretained: the core owns it and keeps it for as long as this token may read it
    /// (see ``BusCore``).
    let entry: Unmanaged<ObserverEntry>
    /// The registration table of the bus. Once the bus itself is gone the table is emptied, so holding it
    /// keeps only a small object alive.
    let core: BusCore
    /// Whether the observer was removed through this token (``cancel()`` or
    /// ``NotificationBus/removeObserver(_:)``). Set under the bus lock; from then on the token no longer
    /// reads its entry, which the core may reuse for another registration.
    let detached = Atomic<Bool>(false)

    /// The name the observer was registered for; `nil` for every name.
    public let name: BusNotification.Name?

    init(entry: Unmanaged<ObserverEntry>, bus: NotificationBus) {
        self.entry = entry
        self.core = bus.core
        self.name = entry._withUnsafeGuaranteedRef { $0.name }
    }

    deinit {
        // No other thread can use the token any more: if it was detached, the core has nothing left to do.
        if !detached.load(ordering: .acquiring) {
            entry._withUnsafeGuaranteedRef { core.tokenDropped($0) }
        }
    }

    /// Whether the observer is still registered.
    public var isActive: Bool { core.isActive(self) }

    /// Removes the observer. Once `cancel()` returns the observer is not called again. Calling it again
    /// does nothing.
    public func cancel() {
        core.unregister(self)
    }

    /// Whether the bus this observation was registered on is `bus`.
    func belongs(to bus: NotificationBus) -> Bool {
        core === bus.core
    }

    /// Identity: two observations are equal when they are the same token.
    public static func == (lhs: BusObservation, rhs: BusObservation) -> Bool {
        lhs === rhs
    }

    /// Hashes the token's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
