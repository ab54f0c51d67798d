import Kernel
import KernelEvents
import KernelStorage

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
    /// Whose countdowns they are.
    public let owner: PersonID

    /// A change of `change` to the countdowns `ids` of `owner`.
    public init(_ change: Change, ids: [Int64], owner: PersonID = .local) {
        self.owner = owner
        self.change = change
        self.ids = ids
    }
}
