import Logging

/// The host's log lines: written as swift-log's `StreamLogHandler` writes them (to standard error unless told
/// otherwise), but with the metadata put into words only for a line that is written.
///
/// `StreamLogHandler` formats all of its metadata again each time any of it is set, and the web server sets a request
/// id on every request: work on every page for a line that, at the usual level, is never written.
public struct ShellLogHandler: LogHandler {
    /// The metadata every line carries.
    public var metadata: Logger.Metadata = [:]
    /// The least important level written.
    public var logLevel: Logger.Level = .info
    private let makeWriter: @Sendable () -> StreamLogHandler

    /// A handler writing the lines of `label` to standard error.
    public init(label: String) {
        makeWriter = { StreamLogHandler.standardError(label: label) }
    }

    /// A handler writing the lines of `label` to `stream`.
    public init(label: String, stream: any TextOutputStream & Sendable) {
        makeWriter = { StreamLogHandler(label: label, stream: stream) }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var writer = makeWriter()
        writer.logLevel = logLevel
        writer.metadata = metadata
        writer.log(event: event)
    }
}
