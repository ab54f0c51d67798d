import ArgumentParser
import Foundation
import Kernel
import KernelHTTPClient
import KernelWeb
import NewsReader
import NewsReaderLive

/// The news reader, plugged into Atelier: its options, CLI, pages, background refresh, analytics and look.
public struct NewsReaderFeature: WebFeature {
    public let descriptor = FeatureDescriptor.news
    public var commands: [any ParsableCommand.Type] { [NewsCommand.self] }
    public var publicFiles: URL? { Bundle.module.resourceURL?.appendingPathComponent("Public") }
    public var options: [FeatureOption] {
        [
            FeatureOption("feed", help: "The address of the headlines feed (default: the brief's feed)."),
            FeatureOption("analytics", help: "The analytics address, or off (default: the brief's analytics address)."),
            FeatureOption("refresh-minutes", help: "Minutes between background refreshes; 0 turns them off (default: 15)."),
            FeatureOption("timeout-seconds", help: "Seconds a feed fetch may take before it is given up (default: 10)."),
            FeatureOption(
                "analytics-timeout-seconds",
                help: "Seconds an analytics hit may take before it is given up (default: 3)."
            ),
        ]
    }

    /// The feature value the registry lists.
    public init() {}

    /// Builds the one store, refresher and analytics sender the pages and the timer share.
    public func makeRuntime(_ context: WebContext) async throws -> FeatureRuntime {
        let settings: NewsSettings
        do {
            settings = try NewsSettings(options: context.feature.settings.values)
        } catch {
            throw CommandFailure(error.description)
        }
        let client = HTTPClientService(configuration: HTTPFeedTransport.configuration)
        // Pages read the cache; the refresher writes the store, and the Kernel forgets the cache on each change.
        let store = SQLiteHeadlineStore(writer: context.feature.database)
        let headlines = HeadlineCache(store)
        let analytics = HTTPAnalyticsSink(
            client: { client.client },
            base: settings.analytics,
            timeout: settings.analyticsTimeout,
            logger: context.feature.logger
        )
        let refresher = FeedRefresher(
            settings: settings,
            transport: HTTPFeedTransport(client: { client.client }),
            store: store,
            analytics: analytics
        )
        let api = NewsAPI(headlines: headlines, refresher: refresher, logger: context.feature.logger)
        return FeatureRuntime(
            routes: NewsRoutes(headlines: headlines, refresher: refresher, analytics: analytics, pages: context.pages),
            api: api,
            // Shut down in reverse order: the timer, then the analytics sender, then the client they share.
            services: [
                client,
                analytics,
                FeedRefreshService(refresher: refresher, interval: settings.refreshInterval, logger: context.feature.logger),
            ],
            liveEvents: [HeadlinesChanged.self],
            changes: HeadlinesChanged.self,
            caches: FeatureCaches([headlines, api.reads.kept])
        )
    }
}
