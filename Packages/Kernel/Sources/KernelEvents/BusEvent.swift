/// A value posted on an ``EventBus``: a `Sendable` type whose stored properties are what its observers learn.
///
/// ```swift
/// struct TaskCompleted: BusEvent {
///     static let name: EventName = "tasks.completed"
///     let id: Int64
/// }
///
/// let observation = bus.addObserver(for: TaskCompleted.self) { event in
///     print(event.id)  // typed: no casts, no user-info keys
/// }
/// bus.post(TaskCompleted(id: 7))
/// ```
public protocol BusEvent: Sendable {
    /// What the event is called where it leaves Swift: the live stream's event name, the diagnostics page. Defaults to
    /// the type's qualified name.
    static var name: EventName { get }
}

extension BusEvent {
    /// The type's qualified name, for event types that do not declare one.
    public static var name: EventName { EventName(String(reflecting: Self.self)) }
}

/// The name of a ``BusEvent`` type, such as `tasks.changed`.
public struct EventName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name's text.
    public let rawValue: String

    /// The name `rawValue`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The name `rawValue`.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The name written as a literal: `"tasks.changed"`.
    public init(stringLiteral value: String) {
        rawValue = value
    }

    /// The name's text.
    public var description: String { rawValue }
}
