import Synchronization

/// One registration held by a bus: what it matches and how it is delivered.
///
/// Subclasses decide how a delivery is made (a plain block, a typed block, a weak target, a mailbox on
/// an executor, the buffer of an async sequence).
///
/// `@unchecked Sendable`: every stored property is a `let` of a `Sendable` type, an `Atomic`, or the
/// `weak` reference to the matched object, which is written once in `init` before the entry is shared
/// and afterwards only read (the runtime zeroes weak references atomically).
class ObserverEntry: @unchecked Sendable {
    /// Registration order, unique within a bus.
    let sequence: UInt64
    /// The registered name; `nil` matches every name.
    let name: BusNotification.Name?
    /// Identity of the registered object; `nil` matches every object.
    let objectID: ObjectIdentifier?
    /// The registered object itself, held weakly so that a later object at the same address does not match.
    private weak let object: (any AnyObject & Sendable)?
    /// For typed observers, the message type they take.
    let messageType: ObjectIdentifier?
    private let active = Atomic<Bool>(true)

    init(
        sequence: UInt64,
        name: BusNotification.Name?,
        object: (any AnyObject & Sendable)?,
        messageType: ObjectIdentifier? = nil
    ) {
        self.sequence = sequence
        self.name = name
        self.objectID = object.map { ObjectIdentifier($0) }
        self.object = object
        self.messageType = messageType
    }

    /// Whether the entry may still be called.
    @inline(__always)
    final var isActive: Bool { active.load(ordering: .acquiring) }

    /// Marks the entry removed; returns whether it was active.
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

    /// Whether the observer can still be called at all (a weak target that died cannot).
    var isAlive: Bool { true }

    /// Delivers a classic notification.
    func deliver(_ notification: BusNotification) {}

    /// How the entry delivers, for ``BusRegistration``.
    var delivery: BusRegistration.Delivery { .synchronous }

    /// What the entry calls, for ``BusRegistration``.
    var kind: BusRegistration.Kind { .block }

    /// Called once when the entry is removed from its bus.
    func didRemove() {}
}

/// An observer block called on the posting thread.
final class BlockEntry: ObserverEntry, @unchecked Sendable {
    let block: @Sendable (BusNotification) -> Void

    init(
        sequence: UInt64,
        name: BusNotification.Name?,
        object: (any AnyObject & Sendable)?,
        block: @escaping @Sendable (BusNotification) -> Void
    ) {
        self.block = block
        super.init(sequence: sequence, name: name, object: object)
    }

    override func deliver(_ notification: BusNotification) {
        block(notification)
    }
}

/// A typed observer block called on the posting thread.
final class MessageEntry<Message: BusMessage>: ObserverEntry, @unchecked Sendable {
    let block: @Sendable (Message) -> Void

    init(
        sequence: UInt64,
        subject: (any AnyObject & Sendable)?,
        block: @escaping @Sendable (Message) -> Void
    ) {
        self.block = block
        super.init(sequence: sequence, name: Message.name, object: subject, messageType: ObjectIdentifier(Message.self))
    }

    override func deliver(_ notification: BusNotification) {
        if let message = Message.makeMessage(notification) {
            block(message)
        }
    }

    override var kind: BusRegistration.Kind { .message(String(reflecting: Message.self)) }
}
