import Kernel
import KernelEvents
import KernelStorage

/// Posted by the Kernel's change feed after every commit that changed __TITLE__: one per action a person takes, and
/// one per batch of changes another process (the CLI) made while the host was watching. Open pages refresh on it.
public struct __NAME__Changed: RowChangeEvent, Hashable {
    /// `__ID__.changed`.
    public static let name: EventName = "__ID__.changed"

    /// The kinds of change.
    public enum Change: String, RowChangeKind, Sendable, Hashable, Codable, CaseIterable {
        /// An entry was added.
        case added
        /// An entry was deleted.
        case deleted
        /// Several changes made by another process, reported together.
        case batch
    }

    /// What happened.
    public let change: Change
    /// The entries it happened to.
    public let ids: [Int64]
    /// Whose entries they are.
    public let owner: PersonID

    /// A change of `change` to the entries `ids` of `owner`.
    public init(_ change: Change, ids: [Int64], owner: PersonID = .local) {
        self.owner = owner
        self.change = change
        self.ids = ids
    }
}
