extension NotificationBus {
    /// Registers an action on a target held weakly, called synchronously on the posting thread.
    ///
    /// The registration lives as long as the target: once the target is deallocated the observer is
    /// removed, and dropping the returned observation does not remove it (keep it only to remove the
    /// observer earlier, or use ``removeObserver(target:name:object:)``).
    ///
    /// ```swift
    /// bus.addObserver(self, forName: .taskAdded) { me, notification in me.reload() }
    /// ```
    ///
    /// - Parameters:
    ///   - target: The object the action is called on; not retained.
    ///   - name: The name to observe; `nil` observes every name.
    ///   - object: The sender to observe, matched by identity; `nil` for any.
    ///   - action: Called with the target and the notification.
    /// - Returns: An observation that can remove the observer early.
    @discardableResult
    public func addObserver<Target: AnyObject & Sendable>(
        _ target: Target,
        forName name: BusNotification.Name?,
        object: (any AnyObject & Sendable)? = nil,
        action: @escaping @Sendable (Target, BusNotification) -> Void
    ) -> BusObservation {
        let entry = core.register(
            TargetEntry(name: name, object: object, target: target, core: core, action: action)
        )
        return BusObservation(entry, bus: self)
    }

    /// Registers a typed action on a target held weakly, called synchronously on the posting thread.
    ///
    /// The registration lives as long as the target; see ``addObserver(_:forName:object:action:)``.
    ///
    /// - Parameters:
    ///   - target: The object the action is called on; not retained.
    ///   - type: The message type to observe.
    ///   - subject: The subject to observe, matched by identity; `nil` for any.
    ///   - action: Called with the target and the message.
    /// - Returns: An observation that can remove the observer early.
    @discardableResult
    public func addObserver<Target: AnyObject & Sendable, Message: BusMessage>(
        _ target: Target,
        for type: Message.Type,
        subject: (any AnyObject & Sendable)? = nil,
        action: @escaping @Sendable (Target, Message) -> Void
    ) -> BusObservation {
        let entry = core.register(
            MessageTargetEntry<Message, Target>(subject: subject, target: target, core: core, action: action)
        )
        return BusObservation(entry, bus: self)
    }

    /// Removes every weak-target registration of `target` that matches `name` and `object`, Foundation
    /// style: a `nil` name or object matches any registration.
    ///
    /// - Parameters:
    ///   - target: The target whose registrations to remove.
    ///   - name: Remove only registrations for this name; `nil` for any.
    ///   - object: Remove only registrations for this object; `nil` for any.
    public func removeObserver(target: AnyObject, name: BusNotification.Name? = nil, object: (any AnyObject & Sendable)? = nil) {
        for entry in core.allEntries() {
            guard let holder = entry as? TargetHolding, holder.holds(target) else { continue }
            if let name, entry.name != name { continue }
            if let object, entry.objectID != ObjectIdentifier(object) { continue }
            core.unregister(entry)
        }
    }
}
