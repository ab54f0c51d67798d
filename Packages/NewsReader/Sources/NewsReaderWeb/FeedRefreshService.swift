import Logging
import NewsReader
import ServiceLifecycle

/// Refreshes the feed when the host starts and then every ``NewsSettings/refreshMinutes`` minutes until it shuts
/// down; with 0 minutes it does nothing. Each refresh goes through the one ``FeedRefresher``, so a timer tick during a
/// Reload joins it instead of fetching twice.
struct FeedRefreshService: Service {
    let refresher: FeedRefresher
    let minutes: Int
    let logger: Logger

    func run() async throws {
        guard minutes > 0 else {
            try? await gracefulShutdown()
            return
        }
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                let outcome = await refresher.refresh()
                if case .failed(let error) = outcome { logger.info("News refresh failed: \(error)") }
                try? await Task.sleep(for: .seconds(minutes * 60))
            }
        }
    }
}
