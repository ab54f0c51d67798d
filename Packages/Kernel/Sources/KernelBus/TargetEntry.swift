/// An action on a weakly held target, called on the posting thread; removed once the target is gone.
final class TargetEntry<Target: AnyObject & Sendable>: ObserverEntry, @unchecked Sendable {
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
        super.init(name: name, object: object, core: core, removedWithToken: false)
    }

    /// The target, if it is still alive.
    var currentTarget: Target? { target }

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
        super.init(subject: subject, core: core, removedWithToken: false)
    }

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
