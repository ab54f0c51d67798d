/// How one transfer ended.
enum DownloadOutcome: Sendable, Equatable {
    /// Every byte is on disk.
    case completed
    /// The transfer stopped with the reason in words.
    case failed(String)
    /// The task was cancelled (by a person, or because the host is stopping).
    case cancelled
}
