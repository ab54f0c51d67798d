import Kernel
import KernelBus

/// Posted when a fetch of the feed has been stored and changed what the reader shows, or when a fetch failed (the
/// headlines stay; the status line changes). Open list pages refresh on it.
public struct HeadlinesChanged: LiveEvent, Hashable {
    /// `news.changed`.
    public static let name: BusNotification.Name = "news.changed"

    /// The ids of stories that are new in the feed.
    public let added: [String]
    /// The ids of stories that left the feed.
    public let removed: [String]
    /// The ids of stories whose introduction changed.
    public let updated: [String]
    /// Why the fetch failed, when it did.
    public let failure: String?

    /// A change.
    public init(added: [String] = [], removed: [String] = [], updated: [String] = [], failure: String? = nil) {
        self.added = added
        self.removed = removed
        self.updated = updated
        self.failure = failure
    }

    /// The message for `changes`.
    public init(_ changes: HeadlineChanges) {
        self.init(added: changes.added, removed: changes.removed, updated: changes.updated)
    }
}
