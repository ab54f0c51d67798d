extension NotificationBus {
    /// Posts a typed message to every matching observer, in registration order.
    ///
    /// Typed observers of `Message` receive the value itself; classic observers of ``BusMessage/name`` (and
    /// wildcard observers) receive ``BusMessage/makeNotification()``, built once and only if needed. With
    /// only typed observers, a post allocates nothing.
    public func post<Message: BusMessage>(_ message: Message) {
        core.post(message, group: nil)
    }

    /// Posts a typed message and waits until every matching observer, including those on an actor or
    /// executor, has been called.
    public func postAndWait<Message: BusMessage>(_ message: Message) async {
        let group = DeliveryGroup()
        core.post(message, group: group)
        await group.wait()
    }

    /// Registers a block called synchronously, on the posting thread, with every `Message` posted.
    ///
    /// - Parameters:
    ///   - type: The message type to observe.
    ///   - subject: The subject to observe, matched by identity and not retained; `nil` for any.
    ///   - block: The observer, called with the typed message.
    /// - Returns: The observation. The observer stays registered for as long as it is kept.
    public func addObserver<Message: BusMessage>(
        for type: Message.Type,
        subject: (any AnyObject & Sendable)? = nil,
        using block: @escaping @Sendable (Message) -> Void
    ) -> BusObservation {
        let entry = core.register(
            MessageBlockEntry<Message>(subject: subject, block: block)
        )
        return BusObservation(entry, bus: self)
    }
}
