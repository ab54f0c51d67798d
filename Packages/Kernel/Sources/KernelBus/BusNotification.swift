/// A notification carried by a ``NotificationBus``: a name, an optional sender and optional user info.
///
/// `BusNotification` is the bus's counterpart of Foundation's `Notification`. It is a value type, it is
/// `Sendable`, and creating one with no object and no user info allocates nothing.
///
/// ```swift
/// bus.post(BusNotification(name: .taskAdded, object: list, userInfo: ["id": 42]))
/// ```
public struct BusNotification: Sendable {
    /// The name of a notification: a string, declared as a static constant by the feature that posts it.
    ///
    /// ```swift
    /// extension BusNotification.Name {
    ///     static let taskAdded: Self = "TaskList.taskAdded"
    /// }
    /// ```
    public struct Name: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The string that identifies the notification.
        public let rawValue: String
        /// The string's hash, taken once when the name is made: every post and registration looks its name
        /// up, and hashing a string there cost more than the rest of the lookup (post to 10 observers: 94 ns
        /// with the string hashed each time, 70 ns without).
        private let hashOfRawValue: Int

        /// Creates a name from a string.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
            self.hashOfRawValue = rawValue.hashValue
        }

        /// Creates a name from a string.
        public init(rawValue: String) {
            self.init(rawValue)
        }

        /// Creates a name from a string literal.
        public init(stringLiteral value: String) {
            self.init(value)
        }

        /// The raw string of the name.
        public var description: String { rawValue }

        /// Names are equal when their strings are.
        public static func == (lhs: Name, rhs: Name) -> Bool {
            lhs.hashOfRawValue == rhs.hashOfRawValue && lhs.rawValue == rhs.rawValue
        }

        /// Feeds the string's hash, taken once.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(hashOfRawValue)
        }

        /// The hash a dictionary of names uses: the string's hash, taken once, mixed with the dictionary's seed,
        /// without running a hasher on every lookup (the standard library's integers do the same).
        public func _rawHashValue(seed: Int) -> Int {
            hashOfRawValue ^ seed
        }
    }

    /// The name that observers match against.
    public let name: Name

    /// The object that sent the notification, if any. The bus matches it by identity and never retains it
    /// beyond the delivery of this value.
    public let object: (any AnyObject & Sendable)?

    /// Extra information for the observers, if any.
    public let userInfo: [String: any Sendable]?

    /// The typed message this notification was made from, when it was posted with
    /// `NotificationBus.post(_:)` with a `BusMessage`; `nil` for a classic post.
    public var message: (any BusMessage)? { messageBox?.message }

    let messageBox: MessageBox?

    /// Creates a notification.
    ///
    /// - Parameters:
    ///   - name: The name observers match against.
    ///   - object: The sender, matched by identity; `nil` for none.
    ///   - userInfo: Extra information for the observers.
    public init(name: Name, object: (any AnyObject & Sendable)? = nil, userInfo: [String: any Sendable]? = nil) {
        self.name = name
        self.object = object
        self.userInfo = userInfo
        self.messageBox = nil
    }

    /// Creates a notification that carries a typed message, for classic observers of a typed post.
    ///
    /// ``BusMessage/makeNotification()`` uses this initializer; ``BusMessage/makeMessage(_:)`` reads
    /// ``message`` back.
    ///
    /// - Parameters:
    ///   - message: The typed message.
    ///   - name: The name observers match against; by default the message type's name.
    ///   - object: The sender; by default the message's subject.
    ///   - userInfo: Extra information for classic observers.
    public init<Message: BusMessage>(
        message: Message,
        name: Name = Message.name,
        object: (any AnyObject & Sendable)? = nil,
        userInfo: [String: any Sendable]? = nil
    ) {
        self.name = name
        self.object = object ?? message.subject
        self.userInfo = userInfo
        self.messageBox = MessageBox(message)
    }
}

extension BusNotification: CustomStringConvertible {
    /// A short description naming the notification, its sender and its user info keys.
    public var description: String {
        var text = "BusNotification(\(name.rawValue)"
        if let object {
            text += ", object: \(type(of: object))"
        }
        if let userInfo {
            text += ", userInfo: [\(userInfo.keys.sorted().joined(separator: ", "))]"
        }
        if let message {
            text += ", message: \(type(of: message))"
        }
        return text + ")"
    }
}

/// Holds a typed message inside a ``BusNotification`` without growing the notification value.
final class MessageBox: Sendable {
    let message: any BusMessage

    init(_ message: any BusMessage) {
        self.message = message
    }
}
