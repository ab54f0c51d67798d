/// A FIFO of deliveries for one isolated observer, drained by at most one task at a time, so the observer
/// sees notifications in the order they were posted.
final class Mailbox<Item: Sendable>: Sendable {
    struct Delivery: Sendable {
        let item: Item
        let group: DeliveryGroup?
    }

    private struct State {
        var items: [Delivery] = []
        var head = 0
        var draining = false
    }

    private let state = BusLock(State())

    /// Adds a delivery; returns `true` when the caller must start a drain.
    func push(_ item: Item, group: DeliveryGroup?) -> Bool {
        group?.enter()
        return state.withLock { state in
            state.items.append(Delivery(item: item, group: group))
            guard !state.draining else { return false }
            state.draining = true
            return true
        }
    }

    /// Takes the oldest delivery; when there is none, ends the drain and returns `nil`.
    func pop() -> Delivery? {
        state.withLock { state in
            guard state.head < state.items.count else {
                state.items.removeAll(keepingCapacity: true)
                state.head = 0
                state.draining = false
                return nil
            }
            let delivery = state.items[state.head]
            state.head += 1
            return delivery
        }
    }

    /// Drains on the current executor, calling `deliver` for each item while `isActive` holds.
    func drain(isActive: () -> Bool, deliver: (Item) -> Void) {
        while let delivery = pop() {
            if isActive() {
                deliver(delivery.item)
            }
            delivery.group?.leave()
        }
    }
}

/// Runs jobs on a serial executor of the observer's choosing: an actor whose executor is that executor.
actor ExecutorActor {
    let executor: any SerialExecutor

    init(executor: any SerialExecutor) {
        self.executor = executor
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }
}

/// An observer called on an actor, which the entry holds weakly (or strongly for an executor's actor).
final class ActorEntry<Target: Actor>: ObserverEntry, @unchecked Sendable {
    /// The bus core, held weakly, for removing the entry once its target is gone.
    private weak let core: BusCore?
    private weak let weakTarget: Target?
    private let strongTarget: Target?
    private let block: @Sendable (isolated Target, BusNotification) -> Void
    private let mailbox = Mailbox<BusNotification>()
    private let entryDelivery: BusRegistration.Delivery

    init(
        name: BusNotification.Name?,
        object: (any AnyObject & Sendable)?,
        target: Target,
        retainsTarget: Bool,
        delivery: BusRegistration.Delivery,
        core: BusCore,
        block: @escaping @Sendable (isolated Target, BusNotification) -> Void
    ) {
        weakTarget = target
        strongTarget = retainsTarget ? target : nil
        self.block = block
        entryDelivery = delivery
        self.core = core
        super.init(name: name, object: object)
    }

    override var owningCore: BusCore? { core }

    override var isAlive: Bool { weakTarget != nil }

    override var delivery: BusRegistration.Delivery { entryDelivery }

    override func deliver(_ notification: BusNotification, group: DeliveryGroup?) {
        guard let target = weakTarget else {
            removeFromBus()
            return
        }
        if mailbox.push(notification, group: group) {
            Task { await self.drain(on: target) }
        }
    }

    private func drain(on target: isolated Target) {
        mailbox.drain(isActive: { isActive }, deliver: { block(target, $0) })
    }
}

/// An observer called on the main actor.
final class MainActorEntry: ObserverEntry, @unchecked Sendable {
    private let block: @MainActor @Sendable (BusNotification) -> Void
    private let mailbox = Mailbox<BusNotification>()

    init(
        name: BusNotification.Name?,
        object: (any AnyObject & Sendable)?,
        block: @escaping @MainActor @Sendable (BusNotification) -> Void
    ) {
        self.block = block
        super.init(name: name, object: object)
    }

    override var delivery: BusRegistration.Delivery { .mainActor }

    override func deliver(_ notification: BusNotification, group: DeliveryGroup?) {
        if mailbox.push(notification, group: group) {
            Task { @MainActor in self.drain() }
        }
    }

    @MainActor private func drain() {
        mailbox.drain(isActive: { isActive }, deliver: { block($0) })
    }
}

/// A typed observer called on an actor, which the entry holds weakly (or strongly for an executor's actor).
final class MessageActorEntry<Message: BusMessage, Target: Actor>: TypedEntry<Message>, @unchecked Sendable {
    /// The bus core, held weakly, for removing the entry once its target is gone.
    private weak let core: BusCore?
    private weak let weakTarget: Target?
    private let strongTarget: Target?
    private let block: @Sendable (isolated Target, Message) -> Void
    private let mailbox = Mailbox<Message>()
    private let entryDelivery: BusRegistration.Delivery

    init(
        subject: (any AnyObject & Sendable)?,
        target: Target,
        retainsTarget: Bool,
        delivery: BusRegistration.Delivery,
        core: BusCore,
        block: @escaping @Sendable (isolated Target, Message) -> Void
    ) {
        weakTarget = target
        strongTarget = retainsTarget ? target : nil
        self.block = block
        entryDelivery = delivery
        self.core = core
        super.init(subject: subject)
    }

    override var owningCore: BusCore? { core }

    override var isAlive: Bool { weakTarget != nil }

    override var delivery: BusRegistration.Delivery { entryDelivery }

    override func deliver(_ message: Message, group: DeliveryGroup?) {
        guard let target = weakTarget else {
            removeFromBus()
            return
        }
        if mailbox.push(message, group: group) {
            Task { await self.drain(on: target) }
        }
    }

    private func drain(on target: isolated Target) {
        mailbox.drain(isActive: { isActive }, deliver: { block(target, $0) })
    }
}

/// A typed observer called on the main actor.
final class MessageMainActorEntry<Message: BusMessage>: TypedEntry<Message>, @unchecked Sendable {
    private let block: @MainActor @Sendable (Message) -> Void
    private let mailbox = Mailbox<Message>()

    init(subject: (any AnyObject & Sendable)?, block: @escaping @MainActor @Sendable (Message) -> Void) {
        self.block = block
        super.init(subject: subject)
    }

    override var delivery: BusRegistration.Delivery { .mainActor }

    override func deliver(_ message: Message, group: DeliveryGroup?) {
        if mailbox.push(message, group: group) {
            Task { @MainActor in self.drain() }
        }
    }

    @MainActor private func drain() {
        mailbox.drain(isActive: { isActive }, deliver: { block($0) })
    }
}
