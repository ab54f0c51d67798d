import Synchronization

/// One registration held by a bus: what it matches and how it is delivered.
///
/// Subclasses decide how a delivery is made: a plain block, a typed block, a weak target, a mailbox drained
/// on an actor, or the buffer of an async sequence.
///
/// `@unchecked Sendable` (the class is not final, so the checker cannot prove it): every stored property is
/// a `let` of a `Sendable` type, an `Atomic`, or a `weak let`, which the runtime zeroes atomically, except
/// `slot` and `index`, which are only touched under the bus lock, and `sequence`, which is written once under the bus
/// lock before the entry is published to readers (by a releasing store that their loads acquire) and never
/// again. Subclasses keep to the same rule.
class ObserverEntry: @unchecked Sendable {
    /// Registration order, unique within a bus. Set by ``BusCore/register(_:)``, under the bus lock, before
    /// the entry is published; never changed afterwards.
    var sequence: UInt64 = 0
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
    private let active = Atomic<Bool>(true)
    /// The slot the entry was added to. Only read and written under the bus lock, and valid while the entry
    /// is active (an active entry keeps its slot registered).
    var slot: Unmanaged<NameSlot>?
    /// The entry's index in its slot's current list, kept up to date when the list is replaced. Only read
    /// and written under the bus lock.
    var index = 0

    init(
        name: BusNotification.Name?,
        object: (any AnyObject & Sendable)?,
        messageType: ObjectIdentifier? = nil,
        removedWithToken: Bool = true
    ) {
        self.removedWithToken = removedWithToken
        self.name = name
        self.objectID = object.map { ObjectIdentifier($0) }
        self.object = object
        self.messageType = messageType
    }

    /// Whether the entry may still be called.
    @inline(__always)
    final var isActive: Bool { active.load(ordering: .acquiring) }

    /// Marks the entry removed; returns whether it was active. Called under the bus lock, the only place
    /// where `active` is written, so a load and a store (no read-modify-write) suffice.
    final func deactivate() -> Bool {
        guard active.load(ordering: .relaxed) else { return false }
        active.store(false, ordering: .releasing)
        return true
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

    /// The bus core, for entries that remove themselves (a weak target or actor that died). Only such
    /// entries keep it (weakly), so a plain block entry has no weak reference to set up and tear down.
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

/// An observer block called on the posting thread.
final class BlockEntry: ObserverEntry, @unchecked Sendable {
    let block: @Sendable (BusNotification) -> Void
    private let isSequence: Bool
    private let onRemove: (@Sendable () -> Void)?

    init(
        name: BusNotification.Name?,
        object: (any AnyObject & Sendable)?,
        isSequence: Bool = false,
        onRemove: (@Sendable () -> Void)? = nil,
        block: @escaping @Sendable (BusNotification) -> Void
    ) {
        self.block = block
        self.isSequence = isSequence
        self.onRemove = onRemove
        super.init(name: name, object: object)
    }

    override func deliver(_ notification: BusNotification, group: DeliveryGroup?) {
        block(notification)
    }

    override var kind: BusRegistration.Kind { isSequence ? .sequence : .block }

    override func didRemove() {
        onRemove?()
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
