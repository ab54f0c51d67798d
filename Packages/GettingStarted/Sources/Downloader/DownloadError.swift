/// An action on a download that cannot be done.
public enum DownloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no download with that id.
    case notFound(id: Int64)
    /// The download is still queued or running.
    case notFinished(id: Int64)

    public var description: String {
        switch self {
        case .notFound: "That download is no longer in the list."
        case .notFinished: "That download is still running: cancel it first."
        }
    }
}
