import Kernel
import KernelBus

/// Posted when a countdown is started or removed (by the page, the CLI or another process): open countdown pages
/// refresh their list.
public struct CountdownChanged: LiveEvent, Hashable {
    public static let name: BusNotification.Name = "countdown.changed"

    /// What happened.
    public enum Change: String, Codable, Sendable {
        case started, removed
    }

    /// What happened.
    public let change: Change
    /// The countdown's id (0 for several at once).
    public let id: Int64

    /// A message about countdown `id`.
    public init(change: Change, id: Int64) {
        self.change = change
        self.id = id
    }
}
