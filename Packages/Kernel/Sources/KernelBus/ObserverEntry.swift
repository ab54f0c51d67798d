import Synchronization

/// One registration held by a bus: what it matches and how it is delivered (subclasses: a plain block, a typed
/// block, a weak target, a mailbox drained on an actor, or the buffer of an async sequence).
///
/// `@unchecked Sendable` (the class is not final, so the checker cannot prove it): `order` is written once, under
/// the bus lock, before the entry is published (posts read it under the same lock); `active` is an atomic; every
/// other property is a `let`. Subclasses keep to the same rule.
class ObserverEntry: @unchecked Sendable {
    /// The registered name; `nil` matches every name.
    let name: BusNotification.Name?
    /// Identity of the registered object; `nil` matches every object.
    let objectID: ObjectIdentifier?
    /// The registered object itself, held weakly so that a later object at the same address does not match.
    private weak let object: (any AnyObject & Sendable)?
    /// For typed observers, the message type they take; such entries are ``TypedEntry`` of that type.
    let messageType: ObjectIdentifier?
    /// Whether dropping the observation token removes the entry (not for weak targets, whose lifetime
    /// decides).
    let removedWithToken: Bool
    /// The registration's place in registration order, unique within a bus; set when registered.
    private(set) var order: UInt64 = 0
    /// Whether the entry may still be called: set when registered, cleared when removed.
    private let active = Atomic<Bool>(false)

    init(
        name: BusNotification.Name?,
        object: (any AnyObject & Sendable)?,
        messageType: ObjectIdentifier? = nil,
        removedWithToken: Bool = true
    ) {
        self.name = name
        self.objectID = object.map { ObjectIdentifier($0) }
        self.object = object
        self.messageType = messageType
        self.removedWithToken = removedWithToken
    }

    /// Whether the entry may still be called.
    @inline(__always)
    final var isActive: Bool { active.load(ordering: .acquiring) }

    /// Marks the entry registered under `order`; under the bus lock, before the entry is published.
    final func activate(order: UInt64) {
        self.order = order
        active.store(true, ordering: .releasing)
    }

    /// Marks the entry removed; returns whether it was registered. Under the bus lock.
    final func deactivate() -> Bool {
        active.exchange(false, ordering: .acquiringAndReleasing)
    }

    /// Whether the entry should get a post from `postedObject` (identified by `postedID`).
    @inline(__always)
    final func matches(objectID postedID: ObjectIdentifier?, object postedObject: (any AnyObject & Sendable)?) -> Bool {
        guard let objectID else { return true }
        guard objectID == postedID else { return false }
        return object === postedObject
    }

    /// The registered object, if it is still alive.
    final var registeredObject: (any AnyObject & Sendable)? { object }

    /// The bus core, for entries that remove themselves (a weak target or actor that died).
    var owningCore: BusCore? { nil }

    /// Removes the entry from its bus (a weak target or actor that died).
    final func removeFromBus() {
        owningCore?.unregister(self)
    }

    /// Whether the observer can still be called at all (a weak target that died cannot).
    var isAlive: Bool { true }

    /// Delivers a classic notification; `group` counts deliveries made on another executor.
    func deliver(_ notification: BusNotification, group: DeliveryGroup?) {}

    /// Where the entry is called, for ``BusRegistration``.
    var delivery: BusRegistration.Delivery { .synchronous }

    /// What the entry calls, for ``BusRegistration``.
    var kind: BusRegistration.Kind { .block }

    /// Called once after the entry has been removed from its bus.
    func didRemove() {}
}

/// A plain observer block called on the posting thread: the registration made by
/// ``NotificationBus/addObserver(forName:object:using:)``.
final class BlockEntry: ObserverEntry, @unchecked Sendable {
    let block: @Sendable (BusNotification) -> Void

    init(name: BusNotification.Name?, object: (any AnyObject & Sendable)?, block: @escaping @Sendable (BusNotification) -> Void) {
        self.block = block
        super.init(name: name, object: object)
    }

    override func deliver(_ notification: BusNotification, group: DeliveryGroup?) {
        block(notification)
    }
}

/// The observer block of an async sequence's buffer, called on the posting thread; finishes the sequence
/// when removed.
final class SequenceBlockEntry: ObserverEntry, @unchecked Sendable {
    let block: @Sendable (BusNotification) -> Void
    private let onRemove: @Sendable () -> Void

    init(
        name: BusNotification.Name?,
        object: (any AnyObject & Sendable)?,
        onRemove: @escaping @Sendable () -> Void,
        block: @escaping @Sendable (BusNotification) -> Void
    ) {
        self.block = block
        self.onRemove = onRemove
        super.init(name: name, object: object)
    }

    override func deliver(_ notification: BusNotification, group: DeliveryGroup?) {
        block(notification)
    }

    override var kind: BusRegistration.Kind { .sequence }

    override func didRemove() {
        onRemove()
    }
}

/// Base of typed observers: entries whose `messageType` is `Message`.
class TypedEntry<Message: BusMessage>: ObserverEntry, @unchecked Sendable {
    init(subject: (any AnyObject & Sendable)?, removedWithToken: Bool = true) {
        super.init(
            name: Message.name,
            object: subject,
            messageType: ObjectIdentifier(Message.self),
            removedWithToken: removedWithToken
        )
    }

    /// Delivers a typed message.
    func deliver(_ message: Message, group: DeliveryGroup?) {}

    /// A classic post of the message's name reaches typed observers when the message can be rebuilt from it.
    final override func deliver(_ notification: BusNotification, group: DeliveryGroup?) {
        if let message = Message.makeMessage(notification) {
            deliver(message, group: group)
        }
    }

    override var kind: BusRegistration.Kind { .message(String(reflecting: Message.self)) }
}

/// A typed observer block called on the posting thread.
final class MessageBlockEntry<Message: BusMessage>: TypedEntry<Message>, @unchecked Sendable {
    let block: @Sendable (Message) -> Void
    private let isSequence: Bool
    private let onRemove: (@Sendable () -> Void)?

    init(
        subject: (any AnyObject & Sendable)?,
        isSequence: Bool = false,
        onRemove: (@Sendable () -> Void)? = nil,
        block: @escaping @Sendable (Message) -> Void
    ) {
        self.block = block
        self.isSequence = isSequence
        self.onRemove = onRemove
        super.init(subject: subject)
    }

    override func deliver(_ message: Message, group: DeliveryGroup?) {
        block(message)
    }

    override var kind: BusRegistration.Kind { isSequence ? .sequence : super.kind }

    override func didRemove() {
        onRemove?()
    }
}
