import ArgumentParser
import Downloader
import Foundation
import Kernel
import KernelStorage
import KernelWeb

/// The downloader, plugged into Atelier: background downloads with live progress, and a safe HTML viewer.
public struct DownloaderFeature: WebFeature {
    public let descriptor = FeatureDescriptor.downloads
    public var commands: [any ParsableCommand.Type] { [DownloadCommand.self] }
    public var publicFiles: URL? { Bundle.module.resourceURL?.appendingPathComponent("Public") }
    public var options: [FeatureOption] {
        [
            FeatureOption(
                "allow-private-addresses",
                help: "When the host listens beyond loopback, downloads reach only public addresses unless this is yes "
                    + "(any address) or a comma-separated list of the private hosts allowed."
            )
        ]
    }

    /// The limits downloads run under.
    public let settings: DownloadSettings

    /// The feature value the registry lists, with limits from the environment (see
    /// ``DownloadSettings/fromEnvironment(_:)``) unless `settings` are given.
    public init(settings: DownloadSettings? = nil) {
        self.settings = settings ?? .fromEnvironment(ProcessInfo.processInfo.environment)
    }

    /// One engine per host, shared by the background service and the pages.
    public func makeRuntime(_ context: WebContext) async throws -> FeatureRuntime {
        let feature = context.feature
        var settings = settings
        // A stranger on the network must not make the host fetch its own or its network's pages for them to read.
        let allowed = (feature.settings["allow-private-addresses"] ?? "").lowercased()
        settings.publicAddressesOnly = feature.reachableFromNetwork && !["yes", "true"].contains(allowed)
        settings.allowedPrivateHosts = Set(
            allowed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        )
        let engine = try DownloadEngine(
            writer: feature.database,
            directory: DownloadFiles.directory(forDatabaseAt: feature.databasePath),
            settings: settings,
            logger: feature.logger
        )
        let firstPage = CachedValues<PersonID, DownloadRowsPage>(limit: 1_000)
        // A download started (here, or by the CLI): the engine's lease loop, asleep while nothing runs, looks again.
        let started = feature.bus.addObserver(for: DownloadChanged.self) { change in
            if change.change == .downloading || change.change == .batch { engine.downloadsChanged() }
        }
        return FeatureRuntime(
            routes: DownloadRoutes(engine: engine, pages: context.pages, firstPage: firstPage),
            api: DownloadAPI(engine: engine, logger: feature.logger),
            services: [DownloadService(engine: engine, logger: feature.logger)],
            liveEvents: [DownloadChanged.self],
            // Every change of a download (the CLI's too) is a DownloadChanged from the change log: the first page is
            // rendered again on the next request after one, and open pages read the rows it names.
            changes: DownloadChanged.self,
            caches: FeatureCaches([firstPage]),
            subscriptions: [started]
        )
    }
}
