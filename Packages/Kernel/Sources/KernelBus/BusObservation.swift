/// The token for one observer registration. Keep it for as long as the observer should be called.
///
/// Dropping the last reference to the token removes the observer, and so does ``cancel()`` or
/// ``NotificationBus/removeObserver(_:)``. Removing an observation twice, or on a bus it does not belong
/// to, does nothing. (Registrations of a weak target are the exception: they live as long as the target,
/// and dropping their token does not remove them.)
public final class BusObservation: Sendable, Hashable {
    /// The registration's entry.
    let entry: ObserverEntry
    /// The registration table of the bus.
    let core: BusCore
    /// The name the observer was registered for; `nil` for every name.
    public var name: BusNotification.Name? { entry.name }

    init(_ entry: ObserverEntry, bus: borrowing NotificationBus) {
        self.entry = entry
        self.core = bus.core
    }

    deinit {
        if entry.removedWithToken && entry.isActive {
            core.unregister(entry)
        }
    }

    /// Whether the observer is still registered.
    public var isActive: Bool { entry.isActive }

    /// Removes the observer. Once `cancel()` returns the observer is not called again. Calling it again
    /// does nothing.
    public func cancel() {
        core.unregister(entry)
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
