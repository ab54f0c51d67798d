import Kernel
import KernelBus
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

/// Posted when a download was added, changed state or was removed; a toast when it fails. (One that completes raises
/// the notice "Download finished", whose toast every open page shows, and which reaches the inbox and devices.)
public struct DownloadChanged: LiveEvent, Hashable {
    /// `downloads.changed`.
    public static let name: BusNotification.Name = "downloads.changed"

    /// The download's id.
    public let id: Int64
    /// The new state's raw value, or `removed`.
    public let state: String
    /// The address asked for.
    public let url: String
    /// Text every open page shows when a download fails.
    public let toast: String?

    /// The message for `item`.
    init(_ item: DownloadItem, removed: Bool = false) {
        id = item.id ?? 0
        state = removed ? Self.removedState : item.state.rawValue
        url = item.url
        switch (removed, item.state) {
        case (false, .failed): toast = "Download failed: \(item.failure ?? item.url)"
        default: toast = nil
        }
    }

    /// The `state` of a message about a removed download: `removed`.
    public static let removedState = "removed"

    /// The message that download `id` is gone, when only its id is known (another process removed it).
    public static func removed(id: Int64) -> DownloadChanged {
        DownloadChanged(id: id, state: removedState, url: "", toast: nil)
    }

    /// The messages for what another process recorded in the change log: one per download, in its stored state
    /// (read from `store`), or `removed`. (Every entry the downloader records names its download.)
    public static func messages(outside changes: [DatabaseChange], store: DownloadStore) async -> [DownloadChanged] {
        var seen = Set<Int64>()
        var messages: [DownloadChanged] = []
        for change in changes {
            guard let id = change.entityID else { continue }
            guard seen.insert(id).inserted else { continue }
            let item: DownloadItem?
            do {
                item = try await store.find(id: id)
            } catch {
                // A read that failed (or was stopped at shutdown) says nothing about the row: not "removed".
                return messages
            }
            messages.append(item.map { DownloadChanged($0) } ?? .removed(id: id))
        }
        return messages
    }

    private init(id: Int64, state: String, url: String, toast: String?) {
        self.id = id
        self.state = state
        self.url = url
        self.toast = toast
    }
}

/// Posted when bytes arrived (at most a few times a second per download).
public struct DownloadProgress: LiveEvent, Hashable {
    /// `downloads.progress`.
    public static let name: BusNotification.Name = "downloads.progress"

    /// The download's id.
    public let id: Int64
    /// Bytes on disk.
    public let received: Int64
    /// The full size, when known.
    public let total: Int64?
    /// The progress in words ("1.2 MB of 3 MB").
    public let progressText: String
    /// The progress from 0 to 100, when the total is known.
    public let percent: Int?

    /// The progress of `item`.
    public init(_ item: DownloadItem) {
        id = item.id ?? 0
        received = item.receivedBytes
        total = item.totalBytes
        progressText = item.progressText
        percent = item.fraction.map { Int($0 * 100) }
    }
}

/// How the engine announces its changes.
enum DownloadNotifications {
    static func postChanged(_ item: DownloadItem, on bus: NotificationBus, removed: Bool = false) {
        bus.post(DownloadChanged(item, removed: removed))
    }

    static func postProgress(_ item: DownloadItem, on bus: NotificationBus) {
        bus.post(DownloadProgress(item))
    }
}
