import Logging
import NewsReader
import ServiceLifecycle

/// Refreshes the feed when the host starts and then every `interval` (``NewsSettings/refreshInterval``) until it
/// shuts down; with no interval it only waits. Each refresh goes through the one ``FeedRefresher``, so a timer tick
/// during a Reload joins it instead of fetching twice. At shutdown it stops the refresher: a fetch under way (the
/// timer's or a Reload's) is cancelled, not waited for.
public struct FeedRefreshService: Service {
    let refresher: FeedRefresher
    let interval: Duration?
    let logger: Logger

    /// A service refreshing through `refresher` every `interval` (none: only when asked), logging failures.
    public init(refresher: FeedRefresher, interval: Duration?, logger: Logger) {
        self.refresher = refresher
        self.interval = interval
        self.logger = logger
    }

    /// Refreshes until the host shuts down.
    public func run() async throws {
        await withGracefulShutdownHandler {
            guard let interval else {
                try? await gracefulShutdown()
                return
            }
            await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    let outcome = await refresher.refresh()
                    if case .failed(let error) = outcome, error != .cancelled { logger.info("News refresh failed: \(error)") }
                    try? await Task.sleep(for: interval)
                }
            }
        } onGracefulShutdown: {
            Task { await refresher.stop() }
        }
    }
}
