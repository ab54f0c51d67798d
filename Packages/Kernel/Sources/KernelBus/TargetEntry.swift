/// An action on a weakly held target, called on the posting thread; removed once the target is gone.
final class TargetEntry<Target: AnyObject & Sendable>: ObserverEntry, @unchecked Sendable {
    /// The bus core, held weakly, for removing the entry once its target is gone.
    private weak let core: BusCore?
    private weak let target: Target?
    private let action: @Sendable (Target, BusNotification) -> Void

    init(
        name: BusNotification.Name?,
        object: (any AnyObject & Sendable)?,
        target: Target,
        core: BusCore,
        action: @escaping @Sendable (Target, BusNotification) -> Void
    ) {
        self.target = target
        self.action = action
        self.core = core
        super.init(name: name, object: object, removedWithToken: false)
    }

    /// The target, if it is still alive.
    var currentTarget: Target? { target }

    override var owningCore: BusCore? { core }

    override var isAlive: Bool { target != nil }

    override var kind: BusRegistration.Kind { .target(String(reflecting: Target.self)) }

    override func deliver(_ notification: BusNotification, group: DeliveryGroup?) {
        if let target {
            action(target, notification)
        } else {
            removeFromBus()
        }
    }
}

/// A typed action on a weakly held target, called on the posting thread; removed once the target is gone.
final class MessageTargetEntry<Message: BusMessage, Target: AnyObject & Sendable>: TypedEntry<Message>, @unchecked Sendable {
    /// The bus core, held weakly, for removing the entry once its target is gone.
    private weak let core: BusCore?
    private weak let target: Target?
    private let action: @Sendable (Target, Message) -> Void

    init(
        subject: (any AnyObject & Sendable)?,
        target: Target,
        core: BusCore,
        action: @escaping @Sendable (Target, Message) -> Void
    ) {
        self.target = target
        self.action = action
        self.core = core
        super.init(subject: subject, removedWithToken: false)
    }

    override var owningCore: BusCore? { core }

    override var isAlive: Bool { target != nil }

    override var kind: BusRegistration.Kind { .target(String(reflecting: Target.self)) }

    override func deliver(_ message: Message, group: DeliveryGroup?) {
        if let target {
            action(target, message)
        } else {
            removeFromBus()
        }
    }
}

/// Lets ``NotificationBus/removeObserver(target:name:object:)`` find an entry's target.
protocol TargetHolding {
    func holds(_ object: AnyObject) -> Bool
}

extension TargetEntry: TargetHolding {
    func holds(_ object: AnyObject) -> Bool { target === object }
}

extension MessageTargetEntry: TargetHolding {
    func holds(_ object: AnyObject) -> Bool { target === object }
}
