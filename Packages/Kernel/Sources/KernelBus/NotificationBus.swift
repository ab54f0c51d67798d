/// A notification bus: observers register for a name and an object, posters post notifications, and
/// the bus calls every matching observer.
///
/// `NotificationBus` re-creates Foundation's `NotificationCenter` for Swift concurrency:
///
/// - A `nil` name and a `nil` object are wildcards. An observer registered for a specific object does not
///   receive posts with no object. Objects are matched by identity and never retained.
/// - Observers are called in the order they registered, wildcard and specific alike, synchronously on the
///   posting thread unless they asked for an actor or executor.
/// - Removal is immediate: once ``removeObserver(_:)`` returns, the observer is not called again, not even
///   later in a post already under way.
/// - Observers may post, add and remove from inside a delivery; posts may nest.
/// - Dropping a ``BusObservation`` removes its observer.
///
/// ```swift
/// let observation = bus.addObserver(forName: .taskAdded) { notification in
///     print(notification.userInfo?["id"] ?? "none")
/// }
/// bus.post(name: .taskAdded, userInfo: ["id": 42])
/// ```
public final class NotificationBus: Sendable {
    /// The bus shared by the whole process.
    public static let `default` = NotificationBus()

    let core: BusCore

    /// Creates an independent bus.
    public init() {
        core = BusCore()
    }

    deinit {
        core.close()
    }

    // MARK: Registration

    /// Registers a block called synchronously, on the posting thread, for every matching notification.
    ///
    /// - Parameters:
    ///   - name: The name to observe; `nil` observes every name.
    ///   - object: The sender to observe, matched by identity and not retained; `nil` observes every
    ///     sender, including none.
    ///   - block: The observer.
    /// - Returns: The observation. The observer stays registered for as long as it is kept.
    public func addObserver(
        forName name: BusNotification.Name?,
        object: (any AnyObject & Sendable)? = nil,
        using block: @escaping @Sendable (BusNotification) -> Void
    ) -> BusObservation {
        BusObservation(core.register(BlockEntry(name: name, object: object, block: block)), bus: self)
    }

    // MARK: Posting

    /// Posts a notification to every matching observer, in registration order.
    ///
    /// Synchronous observers have all been called when this returns; observers on an actor or executor have
    /// had the notification enqueued. Use ``postAndWait(_:)`` to also wait for those.
    public func post(_ notification: BusNotification) {
        core.post(notification, group: nil)
    }

    /// Creates a notification and posts it; see ``post(_:)``.
    ///
    /// - Parameters:
    ///   - name: The notification name.
    ///   - object: The sender, if any.
    ///   - userInfo: Extra information, if any.
    public func post(name: BusNotification.Name, object: (any AnyObject & Sendable)? = nil, userInfo: [String: any Sendable]? = nil) {
        core.post(BusNotification(name: name, object: object, userInfo: userInfo), group: nil)
    }

    /// Posts a notification and waits until every matching observer, including those on an actor or
    /// executor, has been called.
    public func postAndWait(_ notification: BusNotification) async {
        let group = DeliveryGroup()
        core.post(notification, group: group)
        await group.wait()
    }

    /// Creates a notification and posts it, waiting for every observer; see ``postAndWait(_:)``.
    public func postAndWait(
        name: BusNotification.Name,
        object: (any AnyObject & Sendable)? = nil,
        userInfo: [String: any Sendable]? = nil
    ) async {
        await postAndWait(BusNotification(name: name, object: object, userInfo: userInfo))
    }

    // MARK: Removal

    /// Removes an observer. Once this returns the observer is not called again, not even later in a post
    /// already under way. Removing an observation twice, or one from another bus, does nothing.
    public func removeObserver(_ observation: BusObservation) {
        guard observation.belongs(to: self) else { return }
        core.unregister(observation.entry)
    }

    /// Removes an observer if it was registered for `name` and `object`, Foundation style: a `nil` name or
    /// object matches any registration.
    ///
    /// - Parameters:
    ///   - observation: The observation to remove.
    ///   - name: Remove only if the observer was registered for this name; `nil` for any name.
    ///   - object: Remove only if the observer was registered for this object; `nil` for any object.
    public func removeObserver(_ observation: BusObservation, name: BusNotification.Name?, object: (any AnyObject & Sendable)?) {
        guard observation.belongs(to: self) else { return }
        if let name, observation.name != name { return }
        if let object, observation.entry.objectID != ObjectIdentifier(object) { return }
        core.unregister(observation.entry)
    }

    // MARK: Introspection

    /// The number of observers registered for exactly `name`, whatever their object; with `nil`, the
    /// number registered for every name. Observers of weak targets that have died are not counted.
    public func observerCount(forName name: BusNotification.Name?) -> Int {
        core.count(forName: name)
    }

    /// The number of observers registered on the bus.
    public var observerCount: Int {
        core.totalCount()
    }

    /// A snapshot of every registration, in registration order, for debugging and diagnostics.
    public func registrations() -> [BusRegistration] {
        core.registrations()
    }
}
