/// Names that identify the downloader wherever the application lists its features.
public enum DownloadIdentity {
    /// The stable identifier of the feature, used in routes, commands and storage names: `downloads`.
    public static let id = "downloads"

    /// The title shown to people for the feature.
    public static let title = "Downloads"
}
