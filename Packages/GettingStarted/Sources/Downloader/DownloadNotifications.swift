import KernelBus

/// The notifications the downloader posts on the bus.
///
/// - ``changed``: a download was added, changed state or was removed. User info: ``idKey`` (`Int64`),
///   ``stateKey`` (a ``DownloadState`` raw value, or `removed`), ``urlKey``, and a `toast` text when a download
///   completes or fails.
/// - ``progress``: bytes arrived (at most a few times a second per download). User info: ``idKey``,
///   ``receivedKey`` (`Int64`), ``totalKey`` (`Int64`, only when known), ``progressTextKey`` ("1.2 MB of 3 MB")
///   and ``percentKey`` (`Int`, only when the total is known).
public enum DownloadNotifications {
    /// `downloads.changed`.
    public static let changed: BusNotification.Name = "downloads.changed"
    /// `downloads.progress`.
    public static let progress: BusNotification.Name = "downloads.progress"

    /// The download's identifier, an `Int64`.
    public static let idKey = "id"
    /// The new state's raw value, a `String`.
    public static let stateKey = "state"
    /// The address asked for, a `String`.
    public static let urlKey = "url"
    /// Bytes on disk, an `Int64`.
    public static let receivedKey = "received"
    /// The full size, an `Int64`.
    public static let totalKey = "total"
    /// The progress in words, a `String`.
    public static let progressTextKey = "progressText"
    /// The progress from 0 to 100, an `Int`.
    public static let percentKey = "percent"
    /// Text the shell shows as a toast.
    public static let toastKey = "toast"

    static func postChanged(_ item: DownloadItem, on bus: NotificationBus, removed: Bool = false) {
        var userInfo: [String: any Sendable] = [
            idKey: item.id ?? 0, stateKey: removed ? "removed" : item.state.rawValue, urlKey: item.url,
        ]
        if !removed {
            switch item.state {
            case .completed: userInfo[toastKey] = "Downloaded \(item.url)"
            case .failed: userInfo[toastKey] = "Download failed: \(item.failure ?? item.url)"
            default: break
            }
        }
        bus.post(name: changed, userInfo: userInfo)
    }

    static func postProgress(_ item: DownloadItem, on bus: NotificationBus) {
        var userInfo: [String: any Sendable] = [
            idKey: item.id ?? 0, receivedKey: item.receivedBytes, progressTextKey: item.progressText,
        ]
        if let total = item.totalBytes { userInfo[totalKey] = total }
        if let fraction = item.fraction { userInfo[percentKey] = Int(fraction * 100) }
        bus.post(name: progress, userInfo: userInfo)
    }
}
