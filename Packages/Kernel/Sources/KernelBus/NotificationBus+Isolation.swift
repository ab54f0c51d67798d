extension NotificationBus {
    /// Registers a block called on `actor`, isolated to it, for every matching notification.
    ///
    /// A post enqueues the notification and returns; the observer runs on the actor soon after, in posting
    /// order. A poster that must wait for the observer uses ``postAndWait(_:)``. The bus holds the actor
    /// weakly: once it is deallocated, the observer is removed.
    ///
    /// ```swift
    /// let observation = bus.addObserver(forName: .taskAdded, on: model) { model, notification in
    ///     model.refresh()  // isolated to `model`
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The name to observe; `nil` observes every name.
    ///   - object: The sender to observe, matched by identity; `nil` for any.
    ///   - actor: The actor the observer runs on.
    ///   - block: The observer, given the isolated actor.
    /// - Returns: The observation. The observer stays registered for as long as it is kept.
    public func addObserver<Target: Actor>(
        forName name: BusNotification.Name?,
        object: (any AnyObject & Sendable)? = nil,
        on actor: Target,
        using block: @escaping @Sendable (isolated Target, BusNotification) -> Void
    ) -> BusObservation {
        let entry = core.register(
            ActorEntry(
                name: name,
                object: object,
                target: actor,
                retainsTarget: false,
                delivery: .actor(String(reflecting: Target.self)),
                core: core,
                block: block
            )
        )
        return BusObservation(entry, bus: self)
    }

    /// Registers a block called on the main actor for every matching notification.
    ///
    /// A post enqueues the notification and returns; the observer runs on the main actor soon after, in
    /// posting order. A poster that must wait for the observer uses ``postAndWait(_:)``.
    ///
    /// - Parameters:
    ///   - name: The name to observe; `nil` observes every name.
    ///   - object: The sender to observe, matched by identity; `nil` for any.
    ///   - block: The observer, isolated to the main actor.
    /// - Returns: The observation. The observer stays registered for as long as it is kept.
    public func addMainActorObserver(
        forName name: BusNotification.Name?,
        object: (any AnyObject & Sendable)? = nil,
        using block: @escaping @MainActor @Sendable (BusNotification) -> Void
    ) -> BusObservation {
        let entry = core.register(
            MainActorEntry(name: name, object: object, block: block)
        )
        return BusObservation(entry, bus: self)
    }

    /// Registers a block run as jobs on a serial executor of the observer's choosing, for every matching
    /// notification.
    ///
    /// A post enqueues the notification and returns; the observer runs on the executor soon after, one
    /// notification at a time, in posting order. A poster that must wait uses ``postAndWait(_:)``.
    ///
    /// - Parameters:
    ///   - name: The name to observe; `nil` observes every name.
    ///   - object: The sender to observe, matched by identity; `nil` for any.
    ///   - executor: The serial executor that runs the observer.
    ///   - block: The observer.
    /// - Returns: The observation. The observer stays registered for as long as it is kept.
    public func addObserver(
        forName name: BusNotification.Name?,
        object: (any AnyObject & Sendable)? = nil,
        executor: any SerialExecutor,
        using block: @escaping @Sendable (BusNotification) -> Void
    ) -> BusObservation {
        let actor = ExecutorActor(executor: executor)
        let entry = core.register(
            ActorEntry(
                name: name,
                object: object,
                target: actor,
                retainsTarget: true,
                delivery: .executor(String(reflecting: type(of: executor))),
                core: core,
                block: { _, notification in block(notification) }
            )
        )
        return BusObservation(entry, bus: self)
    }

    /// Registers a typed block called on `actor`, isolated to it, for every `Message` posted.
    ///
    /// A post enqueues the message and returns; the observer runs on the actor soon after, in posting order.
    /// The bus holds the actor weakly: once it is deallocated, the observer is removed.
    ///
    /// - Parameters:
    ///   - type: The message type to observe.
    ///   - subject: The subject to observe, matched by identity; `nil` for any.
    ///   - actor: The actor the observer runs on.
    ///   - block: The observer, given the isolated actor and the message.
    /// - Returns: The observation. The observer stays registered for as long as it is kept.
    public func addObserver<Message: BusMessage, Target: Actor>(
        for type: Message.Type,
        subject: (any AnyObject & Sendable)? = nil,
        on actor: Target,
        using block: @escaping @Sendable (isolated Target, Message) -> Void
    ) -> BusObservation {
        let entry = core.register(
            MessageActorEntry<Message, Target>(
                subject: subject,
                target: actor,
                retainsTarget: false,
                delivery: .actor(String(reflecting: Target.self)),
                core: core,
                block: block
            )
        )
        return BusObservation(entry, bus: self)
    }

    /// Registers a typed block called on the main actor for every `Message` posted.
    ///
    /// - Parameters:
    ///   - type: The message type to observe.
    ///   - subject: The subject to observe, matched by identity; `nil` for any.
    ///   - block: The observer, isolated to the main actor.
    /// - Returns: The observation. The observer stays registered for as long as it is kept.
    public func addMainActorObserver<Message: BusMessage>(
        for type: Message.Type,
        subject: (any AnyObject & Sendable)? = nil,
        using block: @escaping @MainActor @Sendable (Message) -> Void
    ) -> BusObservation {
        let entry = core.register(
            MessageMainActorEntry<Message>(subject: subject, block: block)
        )
        return BusObservation(entry, bus: self)
    }

    /// Registers a typed block run as jobs on a serial executor of the observer's choosing.
    ///
    /// - Parameters:
    ///   - type: The message type to observe.
    ///   - subject: The subject to observe, matched by identity; `nil` for any.
    ///   - executor: The serial executor that runs the observer.
    ///   - block: The observer.
    /// - Returns: The observation. The observer stays registered for as long as it is kept.
    public func addObserver<Message: BusMessage>(
        for type: Message.Type,
        subject: (any AnyObject & Sendable)? = nil,
        executor: any SerialExecutor,
        using block: @escaping @Sendable (Message) -> Void
    ) -> BusObservation {
        let actor = ExecutorActor(executor: executor)
        let entry = core.register(
            MessageActorEntry<Message, ExecutorActor>(
                subject: subject,
                target: actor,
                retainsTarget: true,
                delivery: .executor(String(reflecting: Swift.type(of: executor))),
                core: core,
                block: { _, message in block(message) }
            )
        )
        return BusObservation(entry, bus: self)
    }
}
