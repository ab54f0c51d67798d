import Kernel
import KernelEvents

/// Posted when countdowns are started or removed (by the page, the CLI or another process): open countdown pages
/// refresh their list. Built from the change log for another process's changes, so a cancel made in the CLI is
/// announced as a removal.
public struct CountdownChanged: RowChangeEvent, Hashable {
    public static let name: EventName = "countdown.changed"

    /// What happened.
    public enum Change: String, RowChangeKind, Codable, Sendable {
        case started, removed, batch
    }

    /// What happened.
    public let change: Change
    /// The countdowns it happened to (none listed when finished countdowns were cleared).
    public let ids: [Int64]

    /// A change of `change` to the countdowns `ids`.
    public init(_ change: Change, ids: [Int64]) {
        self.change = change
        self.ids = ids
    }
}
