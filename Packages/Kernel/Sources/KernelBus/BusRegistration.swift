/// A snapshot of one registration, from ``NotificationBus/registrations()``, for debugging and diagnostics.
public struct BusRegistration: Sendable, Hashable, CustomStringConvertible {
    /// What a registration calls.
    public enum Kind: Sendable, Hashable {
        /// A block taking a ``BusNotification``.
        case block
        /// A block taking a typed message; the associated value is the message type's name.
        case message(String)
        /// An action on a weakly held target; the associated value is the target type's name.
        case target(String)
        /// The buffer of an async sequence from ``NotificationBus/notifications(named:object:bufferingPolicy:)``
        /// or ``NotificationBus/messages(of:subject:bufferingPolicy:)``.
        case sequence
    }

    /// Where a registration is called.
    public enum Delivery: Sendable, Hashable {
        /// On the posting thread, before the post returns.
        case synchronous
        /// On the main actor.
        case mainActor
        /// On an actor; the associated value is the actor type's name.
        case actor(String)
        /// On a serial executor; the associated value is the executor type's name.
        case executor(String)
    }

    /// The registration's place in registration order: observers are called in increasing order.
    public let order: UInt64
    /// The observed name; `nil` for every name.
    public let name: BusNotification.Name?
    /// Whether the registration is for one specific object.
    public let observesSpecificObject: Bool
    /// The observed object if the registration has one and it is still alive.
    public let object: (any AnyObject & Sendable)?
    /// What the registration calls.
    public let kind: Kind
    /// Where the registration is called.
    public let delivery: Delivery

    init(entry: ObserverEntry) {
        order = entry.order
        name = entry.name
        observesSpecificObject = entry.objectID != nil
        object = entry.registeredObject
        kind = entry.kind
        delivery = entry.delivery
    }

    /// Registrations are equal when they describe the same registration with the same object.
    public static func == (lhs: BusRegistration, rhs: BusRegistration) -> Bool {
        lhs.order == rhs.order && lhs.name == rhs.name && lhs.kind == rhs.kind && lhs.delivery == rhs.delivery
            && lhs.observesSpecificObject == rhs.observesSpecificObject && lhs.object === rhs.object
    }

    /// Hashes the registration's order, name and kind.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(order)
        hasher.combine(name)
        hasher.combine(kind)
    }

    /// One line: order, name, object, kind and delivery.
    public var description: String {
        let objectText: String
        if let object {
            objectText = "\(type(of: object))"
        } else {
            objectText = observesSpecificObject ? "<deallocated>" : "any"
        }
        return "#\(order) name: \(name?.rawValue ?? "any") object: \(objectText) kind: \(kind) delivery: \(delivery)"
    }
}
