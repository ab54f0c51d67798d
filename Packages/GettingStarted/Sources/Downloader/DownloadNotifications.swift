import Kernel
import KernelEvents
import KernelStorage

extension FeatureDescriptor {
    /// The downloader: its id (`downloads`), launcher tile and migrations, read by its CLI, its pages and the host.
    public static let downloads = FeatureDescriptor(
        id: DownloadIdentity.id,
        title: DownloadIdentity.title,
        icon: "↓",
        tint: .indigo,
        summary: "Download web pages in the background and read them safely.",
        migrations: DownloadMigrations.feature
    )
}

/// The downloader's one change event, posted by the Kernel's change feed after every commit that changed downloads
/// (this process's, or the CLI's): a download added, in a new state, removed, or further along (`progress`, saved at
/// most every ``DownloadSettings/progressInterval``). Open pages read the rows it names again. A failure says so in a
/// toast on every page. (One that completes raises the notice "Download finished", which reaches the inbox and devices.)
public struct DownloadChanged: RowChangeEvent, Hashable {
    /// `downloads.changed`.
    public static let name: EventName = "downloads.changed"

    /// What happened: a state the downloads entered (a ``DownloadState``'s raw value), or one of these.
    public enum Change: String, RowChangeKind, Codable, Sendable, Hashable, CaseIterable {
        case queued, downloading, completed, cancelled, failed, interrupted
        /// Removed from the list.
        case removed
        /// Bytes arrived and were saved.
        case progress
        /// Several kinds of change, reported together.
        case batch
    }

    /// What happened.
    public let change: Change
    /// The downloads it happened to.
    public let ids: [Int64]
    /// Whose downloads they are.
    public let owner: PersonID

    /// A change of `change` to the downloads `ids` of `owner`.
    public init(_ change: Change, ids: [Int64], owner: PersonID = .local) {
        self.owner = owner
        self.change = change
        self.ids = ids
    }

    /// "A download failed" on every open page; the row says why.
    public var toast: String? { change == .failed ? "A download failed. Downloads says why." : nil }
}
