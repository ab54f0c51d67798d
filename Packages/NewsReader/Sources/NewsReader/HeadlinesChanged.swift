import Kernel
import KernelEvents
import KernelStorage

/// The reader's one change event, posted by the Kernel's change feed after every commit of the stored feed (this
/// process's refresh, or the CLI's): the headlines were replaced, refreshed unchanged (the status line's time moved),
/// or a fetch failed (the headlines stay; the status line says why). Open list pages read the list again.
public struct HeadlinesChanged: RowChangeEvent, Hashable {
    /// `news.changed`.
    public static let name: EventName = "news.changed"

    /// What happened.
    public enum Change: String, RowChangeKind, Codable, Sendable, Hashable, CaseIterable {
        /// A fetch changed the stories.
        case replaced
        /// A fetch found the same stories.
        case refreshed
        /// A fetch failed.
        case failed
        /// Several of these, reported together.
        case batch
    }

    /// What happened.
    public let change: Change
    /// No rows are named: the feed is read as a whole.
    public let ids: [Int64]
    /// The local person's: the feed is one, shared by everybody.
    public let owner: PersonID
    /// Everybody's pages hear of it: the feed is shared.
    public var audience: PersonID? { nil }

    /// A change of `change`.
    public init(_ change: Change, ids: [Int64] = [], owner: PersonID = .local) {
        self.owner = owner
        self.change = change
        self.ids = ids
    }
}
