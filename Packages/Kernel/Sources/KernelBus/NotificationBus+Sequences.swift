extension NotificationBus {
    /// An async sequence of the notifications posted with `name` and `object`.
    ///
    /// The observer is registered now, so every matching post from here on is delivered (subject to
    /// `bufferingPolicy`, which by default loses nothing). Cancelling the consuming task removes it; if
    /// the observer is removed otherwise (the bus is deallocated), the sequence ends.
    ///
    /// ```swift
    /// for await notification in bus.notifications(named: .taskAdded) {
    ///     print(notification.userInfo ?? [:])
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The name to observe; `nil` observes every name.
    ///   - object: The sender to observe, matched by identity; `nil` for any.
    ///   - bufferingPolicy: What to keep while the consumer is behind.
    public func notifications(
        named name: BusNotification.Name?,
        object: (any AnyObject & Sendable)? = nil,
        bufferingPolicy: BusBufferingPolicy = .unbounded
    ) -> BusSequence<BusNotification> {
        let subscription = BusSubscription<BusNotification>(policy: bufferingPolicy)
        let entry = core.register(
            SequenceBlockEntry(
                name: name,
                object: object,
                onRemove: { [weak subscription] in subscription?.finish() }
            ) { [weak subscription] notification in
                subscription?.yield(notification)
            }
        )
        subscription.attach(BusObservation(entry, bus: self))
        return BusSequence(subscription: subscription)
    }

    /// An async sequence of the `Message` values posted, typed.
    ///
    /// The observer is registered now, so every matching post from here on is delivered (subject to
    /// `bufferingPolicy`, which by default loses nothing). Cancelling the consuming task removes it.
    ///
    /// - Parameters:
    ///   - type: The message type to observe.
    ///   - subject: The subject to observe, matched by identity; `nil` for any.
    ///   - bufferingPolicy: What to keep while the consumer is behind.
    public func messages<Message: BusMessage>(
        of type: Message.Type,
        subject: (any AnyObject & Sendable)? = nil,
        bufferingPolicy: BusBufferingPolicy = .unbounded
    ) -> BusSequence<Message> {
        let subscription = BusSubscription<Message>(policy: bufferingPolicy)
        let entry = core.register(
            MessageBlockEntry<Message>(
                subject: subject,
                isSequence: true,
                onRemove: { [weak subscription] in subscription?.finish() }
            ) { [weak subscription] message in
                subscription?.yield(message)
            }
        )
        subscription.attach(BusObservation(entry, bus: self))
        return BusSequence(subscription: subscription)
    }
}
