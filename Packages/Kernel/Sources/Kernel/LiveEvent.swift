import KernelEvents
import KernelStorage

/// A typed bus message that open pages hear about: the host forwards every message of the types a feature lists
/// in its runtime to the browser, encoded with `JSONEncoder`, together with its `name` and, when there is one, a
/// `toast` to show.
///
/// ```swift
/// public struct TaskChanged: LiveEvent {
///     public static let name: EventName = "tasks.changed"
///     public let change: Change
///     public let ids: [Int64]
/// }
/// bus.post(TaskChanged(change: .added, ids: [7]))
/// ```
///
/// Pages name the events they react to with the same constant (`data-live-refresh="\(TaskChanged.name.rawValue)"`),
/// so an event's name is written once.
public protocol LiveEvent: BusEvent, Encodable {
    /// Text every open page shows as a toast, or nil for none.
    var toast: String? { get }
    /// The person whose open pages hear of it, or nil for everybody's (a shared news feed).
    var audience: PersonID? { get }
}

extension LiveEvent {
    /// No toast by default.
    public var toast: String? { nil }
    /// Everybody's pages by default.
    public var audience: PersonID? { nil }
}
