/// A typed message: a `Sendable` value whose stored properties are its payload, posted and observed
/// without casts.
///
/// ```swift
/// struct TaskCompleted: BusMessage {
///     static let name: BusNotification.Name = "TaskList.taskCompleted"
///     let taskID: Int
///     let title: String
/// }
///
/// let observation = bus.addObserver(for: TaskCompleted.self) { message in
///     print(message.title)  // no casts, no userInfo keys
/// }
/// bus.post(TaskCompleted(taskID: 7, title: "Write the guide"))
/// ```
///
/// Typed and classic observers share one bus. A classic observer of the message's name receives the
/// notification made by ``makeNotification()``; a typed observer receives a classic post of its name
/// when ``makeMessage(_:)`` can rebuild the message from it, and is skipped otherwise.
public protocol BusMessage: Sendable {
    /// The notification name under which the message is posted. Defaults to the type's qualified name.
    static var name: BusNotification.Name { get }

    /// The object the message is about, matched by identity against an observer's `subject`;
    /// `nil` by default.
    var subject: (any AnyObject & Sendable)? { get }

    /// Rebuilds a message from a notification posted under ``name``. The default returns the message
    /// carried by a typed post and `nil` for a classic post.
    static func makeMessage(_ notification: BusNotification) -> Self?

    /// The notification that classic observers receive for this message. The default carries the
    /// message itself (see ``BusNotification/message``), the ``subject`` as object and no user info.
    func makeNotification() -> BusNotification
}

extension BusMessage {
    /// The type's fully qualified name, for message types that do not declare one.
    public static var name: BusNotification.Name {
        BusNotification.Name(String(reflecting: Self.self))
    }

    /// No subject.
    public var subject: (any AnyObject & Sendable)? { nil }

    /// Returns the message carried by a typed post, or `nil`.
    public static func makeMessage(_ notification: BusNotification) -> Self? {
        notification.message as? Self
    }

    /// A notification named ``name`` that carries this message and its ``subject``.
    public func makeNotification() -> BusNotification {
        BusNotification(message: self)
    }
}
