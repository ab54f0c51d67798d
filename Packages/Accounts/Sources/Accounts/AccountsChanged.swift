import Kernel
import KernelEvents
import KernelStorage

/// Accounts' one change event, posted by the Kernel's change feed after every commit that changed accounts or sessions:
/// one per action a person takes, and one per batch of changes another process (the CLI) made.
public struct AccountsChanged: RowChangeEvent, Hashable {
    /// `accounts.changed`.
    public static let name: EventName = "accounts.changed"

    /// The kinds of change.
    public enum Change: String, RowChangeKind, Sendable, Hashable, Codable, CaseIterable {
        /// An account was made.
        case added
        /// An account's number was changed.
        case updated
        /// An account was deleted.
        case deleted
        /// Sessions ended (a logout, a login replacing a browser's session); no account named.
        case signedOut
        /// Several changes made by another process, reported together.
        case batch
    }

    /// What happened.
    public let change: Change
    /// The accounts it happened to.
    public let ids: [Int64]
    /// Whose accounts they are.
    public let owner: PersonID

    /// A change of `change` to the accounts `ids` of `owner`.
    public init(_ change: Change, ids: [Int64], owner: PersonID = .local) {
        self.owner = owner
        self.change = change
        self.ids = ids
    }
}
