/// Where a download stands. Every state is shown on its row.
public enum DownloadState: String, Codable, Sendable, CaseIterable {
    /// Waiting for a free slot (the global or per-server limit is reached), or to resume after a restart.
    case queued
    /// Bytes are arriving.
    case downloading
    /// Every byte arrived and is on disk.
    case completed
    /// Stopped by a person.
    case cancelled
    /// Stopped by an error; the row's failure says which.
    case failed
    /// Its process stopped without saying so (Ctrl-C, kill, crash): its lease lapsed. Resume picks it up again.
    case interrupted

    /// The word shown on the row.
    public var label: String {
        switch self {
        case .queued: "Queued"
        case .downloading: "Downloading"
        case .completed: "Completed"
        case .cancelled: "Cancelled"
        case .failed: "Failed"
        case .interrupted: "Interrupted"
        }
    }

    /// Whether the download is over (completed, cancelled, failed or interrupted), so it may be retried (resumed)
    /// or removed.
    public var isFinished: Bool {
        switch self {
        case .queued, .downloading: false
        case .completed, .cancelled, .failed, .interrupted: true
        }
    }
}
