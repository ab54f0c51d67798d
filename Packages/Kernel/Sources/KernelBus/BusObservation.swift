/// The token for one observer registration. Keep it for as long as the observer should be called.
///
/// Dropping the last reference to the token removes the observer, and so does ``cancel()`` or
/// ``NotificationBus/removeObserver(_:)``. Removing an observation twice, or on a bus it does not belong
/// to, does nothing. (Registrations of a weak target are the exception: they live as long as the target,
/// and dropping their token does not remove them.)
public final class BusObservation: Sendable, Hashable {
    /// The registration's entry, unretained: a ``BlockEntry`` is owned by the bus core (never freed) and may
    /// be reused by a later registration once removed, so the entry is only acted on while it is still
    /// registered under `order`; any other entry is owned by the token (`owner`).
    let entry: Unmanaged<ObserverEntry>
    /// The token's own reference to its entry when the token owns it (every kind but a plain block), released
    /// in `deinit`. (Unmanaged, so that a plain block's token, which owns nothing, releases nothing.)
    private let owner: Unmanaged<ObserverEntry>?
    /// The registration's order, its identity within the bus.
    let order: UInt64
    /// The name the observer was registered for; `nil` for every name.
    public let name: BusNotification.Name?
    /// The identity of the object the observer was registered for, if any.
    let objectID: ObjectIdentifier?
    /// The registration table of the bus, unretained: cores are never freed (see ``BusCore/make()``). Once
    /// the bus is gone its core is emptied and may serve another bus, where this token's order matches
    /// nothing.
    unowned(unsafe) let core: BusCore

    /// Makes the token of a registration just made. (Its entry cannot have been removed yet: only the token
    /// or the bus's deinitialization removes a reusable entry.)
    init(_ registration: (entry: some ObserverEntry, order: UInt64), bus: borrowing NotificationBus) {
        let entry = registration.entry
        self.entry = .passUnretained(entry)
        self.owner = .passRetained(entry)
        self.order = registration.order
        self.name = entry.name
        self.objectID = entry.objectID
        self.core = bus.core
    }

    /// Makes the token of a plain block registration, whose entry the bus core owns.
    init(
        _ registration: (entry: Unmanaged<BlockEntry>, order: UInt64),
        name: BusNotification.Name?,
        bus: borrowing NotificationBus
    ) {
        let entry = registration.entry
        self.entry = Unmanaged.passUnretained(entry._withUnsafeGuaranteedRef { $0 as ObserverEntry })
        self.owner = nil
        self.order = registration.order
        self.name = name
        self.objectID = entry._withUnsafeGuaranteedRef { $0.objectID }
        self.core = bus.core
    }

    deinit {
        let (removable, registered) = entry._withUnsafeGuaranteedRef { ($0.removedWithToken, $0.isRegistered(as: order)) }
        if removable && registered {
            core.unregister(entry, order: order)
        }
        owner?.release()
    }

    /// Whether the observer is still registered.
    public var isActive: Bool { entry._withUnsafeGuaranteedRef { $0.isRegistered(as: order) } }

    /// Removes the observer. Once `cancel()` returns the observer is not called again. Calling it again
    /// does nothing.
    public func cancel() {
        core.unregister(entry, order: order)
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
