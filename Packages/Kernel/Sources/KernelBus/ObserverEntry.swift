import Synchronization

/// One registration held by a bus: what it matches and how it is delivered.
///
/// Subclasses decide how a delivery is made: a plain block, a typed block, a weak target, a mailbox drained
/// on an actor, or the buffer of an async sequence.
///
/// `@unchecked Sendable` (the class is not final, so the checker cannot prove it): `registration` is an
/// atomic; `objectID` and `object` are written only under the bus lock, while the entry is not
/// published (before it is first published, or when a ``BlockEntry`` that no reader can reach any more is
/// reused), and published to readers by a releasing store that their loads acquire; `slot` and `index` are
/// only touched under the bus lock; the other properties are `let`s of `Sendable` types. Subclasses keep to the
/// same rule.
class ObserverEntry: @unchecked Sendable {
    /// The registration's order (unique within a bus, never 0) while the entry is registered, 0 once it is
    /// removed. Set by ``BusCore``, under the bus lock, before the entry is published. It doubles as the
    /// registration's identity: a token holds the order it was given and, for a reused ``BlockEntry``,
    /// a later registration of the same entry has another.
    private let registration = Atomic<UInt64>(0)
    /// The name given at creation; a ``BlockEntry``, which serves one name after another, has none.
    private let fixedName: BusNotification.Name?
    /// Identity of the registered object; `nil` matches every object.
    var objectID: ObjectIdentifier?
    /// The registered object itself, held weakly so that a later object at the same address does not match.
    private weak var object: (any AnyObject & Sendable)?
    /// For typed observers, the message type they take; such entries are ``TypedEntry`` of that type.
    let messageType: ObjectIdentifier?
    /// Whether dropping the observation token removes the entry (not for weak targets, whose lifetime
    /// decides).
    let removedWithToken: Bool
    /// Whether the entry is a ``BlockEntry``, which its bus reuses once removed.
    let isReusable: Bool
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
        removedWithToken: Bool = true,
        isReusable: Bool = false
    ) {
        self.removedWithToken = removedWithToken
        self.isReusable = isReusable
        self.fixedName = name
        self.objectID = object.map { ObjectIdentifier($0) }
        self.object = object
        self.messageType = messageType
    }

    /// The registered name; `nil` matches every name. For a ``BlockEntry`` only read under the bus lock,
    /// while it is registered.
    var name: BusNotification.Name? { fixedName }

    /// Sets the object the entry matches; only for an entry that no reader can reach (see ``BlockEntry``).
    final func setObject(_ object: (any AnyObject & Sendable)?) {
        self.objectID = object.map { ObjectIdentifier($0) }
        self.object = object
    }

    /// The registration's order, or 0 once removed: posts merge two lists by it (a removed entry, like
    /// ``ObserverList/vacant``, is passed at once and skipped).
    @inline(__always)
    final var sequence: UInt64 { registration.load(ordering: .acquiring) }

    /// Whether the entry may still be called.
    @inline(__always)
    final var isActive: Bool { registration.load(ordering: .acquiring) != 0 }

    /// Whether the entry is still registered under `order` (and not removed, or reused by a later
    /// registration).
    @inline(__always)
    final func isRegistered(as order: UInt64) -> Bool {
        registration.load(ordering: .acquiring) == order
    }

    /// Marks the entry registered under `order`. Called under the bus lock, before the entry is published.
    final func activate(order: UInt64) {
        registration.store(order, ordering: .relaxed)
    }

    /// Marks the entry removed; returns whether it was active. Called under the bus lock, the only place
    /// where `registration` is written, so a load and a store (no read-modify-write) suffice.
    final func deactivate() -> Bool {
        guard registration.load(ordering: .relaxed) != 0 else { return false }
        registration.store(0, ordering: .releasing)
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

/// A plain observer block called on the posting thread: the registration made by
/// ``NotificationBus/addObserver(forName:object:using:)``, the most common and the one added and removed
/// most often.
///
/// A bus reuses removed block entries (see ``BusCore/registerBlock(name:object:block:)``), so that an add
/// and a remove allocate only the token. The block therefore lives in a cell the entry points to, not in a
/// stored property: a closure read from a class's variable is retained around every call, while one reached
/// through a pointer to a noncopyable struct and called by a `borrowing` method is not, so posts cost the
/// same as with a constant.
final class BlockEntry: ObserverEntry, @unchecked Sendable {
    private let cell: UnsafeMutablePointer<BlockCell>
    /// Whether `cell` holds a block (a spare entry holds none). Only touched under the bus lock, or
    /// before the entry is first published.
    private var holdsBlock = true
    /// The next spare entry, while the entry is spare (see ``BusCore``). Only touched under the bus lock.
    var nextSpare: Unmanaged<BlockEntry>?

    init(
        object: (any AnyObject & Sendable)?,
        block: @escaping @Sendable (BusNotification) -> Void
    ) {
        cell = .allocate(capacity: 1)
        cell.initialize(to: BlockCell(block: block))
        super.init(name: nil, object: object, isReusable: true)
    }

    /// The name of the slot the entry is registered in: a reused entry changes name, and writing it on
    /// every registration would cost an add a retain and a release.
    override var name: BusNotification.Name? { slot?._withUnsafeGuaranteedRef { $0.name } }

    deinit {
        if holdsBlock {
            cell.deinitialize(count: 1)
        }
        cell.deallocate()
    }

    override func deliver(_ notification: BusNotification, group: DeliveryGroup?) {
        cell.pointee.call(notification)
    }

    /// Calls the block directly: posts take this path for block entries, sparing the virtual call.
    @inline(__always)
    func call(_ notification: BusNotification) {
        cell.pointee.call(notification)
    }

    /// Gives a spare entry, which holds no block, a block; only under the bus lock, for an entry no reader
    /// can reach.
    func setBlock(_ block: @escaping @Sendable (BusNotification) -> Void) {
        cell.initialize(to: BlockCell(block: block))
        holdsBlock = true
    }

    /// Takes the block out of an entry being made spare; only under the bus lock, for an entry no reader
    /// can reach. The caller drops it after leaving the lock (a closure's captures may run any code when
    /// released).
    func takeBlock() -> @Sendable (BusNotification) -> Void {
        holdsBlock = false
        return cell.move().block
    }
}

extension ObserverEntry {
    /// Delivers a classic notification from a post: a plain block entry is called directly, sparing the
    /// virtual call of ``deliver(_:group:)``, which pays for its block sitting behind a pointer.
    @inline(__always)
    func dispatch(_ notification: BusNotification, group: DeliveryGroup?) {
        if isReusable {
            unsafeDowncast(self, to: BlockEntry.self).call(notification)
        } else {
            deliver(notification, group: group)
        }
    }
}

/// The block of a ``BlockEntry``.
struct BlockCell: ~Copyable {
    var block: @Sendable (BusNotification) -> Void

    /// Calls the block without retaining it.
    @inline(__always)
    borrowing func call(_ notification: BusNotification) {
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
