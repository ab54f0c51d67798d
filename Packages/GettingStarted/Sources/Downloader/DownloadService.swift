import Logging
import ServiceLifecycle

/// Runs the download engine for the life of the host: resumes what a previous run left, then, at shutdown, stops
/// running transfers so the next start resumes them.
public struct DownloadService: Service {
    /// The engine it runs.
    public let engine: DownloadEngine
    let logger: Logger

    /// A service running `engine`.
    public init(engine: DownloadEngine, logger: Logger) {
        self.engine = engine
        self.logger = logger
    }

    public func run() async throws {
        do {
            try await engine.resumeInterrupted()
        } catch {
            logger.error("Could not resume interrupted downloads: \(error)")
        }
        try? await gracefulShutdown()
        await engine.shutdown()
    }
}
