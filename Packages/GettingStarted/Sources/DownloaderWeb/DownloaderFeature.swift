import ArgumentParser
import Downloader
import Foundation
import Hummingbird
import Kernel
import KernelBus
import KernelStorage
import KernelWeb
import ServiceLifecycle
import Synchronization

/// The downloader, plugged into Atelier: background downloads with live progress, and a safe HTML viewer.
public struct DownloaderFeature: WebFeature {
    public let id = DownloadIdentity.id
    public let title = DownloadIdentity.title
    public let icon = "↓"
    public let tint = FeatureTint.indigo
    public let summary = "Download web pages in the background and read them safely."
    public var migrations: FeatureMigrations { DownloadMigrations.feature }
    public var commands: [any ParsableCommand.Type] { [DownloadCommand.self] }
    public var liveEvents: [BusNotification.Name] { [DownloadNotifications.changed, DownloadNotifications.progress] }

    /// The limits downloads run under.
    public let settings: DownloadSettings
    private let runtime = DownloadRuntime()

    /// The feature value the registry lists, with limits from the environment (see
    /// ``DownloadSettings/fromEnvironment(_:)``) unless `settings` are given.
    public init(settings: DownloadSettings? = nil) {
        self.settings = settings ?? .fromEnvironment(ProcessInfo.processInfo.environment)
    }

    /// Creates the engine shared by the background service and the pages.
    public func prepare(context: FeatureContext) throws {
        let engine = try DownloadEngine(
            writer: context.database,
            bus: context.bus,
            directory: DownloadFiles.directory(forDatabaseAt: context.databasePath),
            settings: settings,
            logger: context.logger
        )
        runtime.engine.withLock { $0 = engine }
    }

    /// Runs the engine: resumes interrupted downloads at start, stops transfers at shutdown.
    public func services(context: FeatureContext) -> [any Service] {
        guard let engine = runtime.engine.withLock({ $0 }) else { return [] }
        return [DownloadService(engine: engine, logger: context.logger)]
    }

    public func addRoutes(to routes: RouterGroup<AppRequestContext>, web: WebContext) async throws {
        guard let engine = runtime.engine.withLock({ $0 }) else { throw DownloaderSetupError.notPrepared }
        let templates = try await TemplateLibrary(bundle: .module)
        DownloadRoutes(engine: engine, pages: web.pages, templates: templates).add(to: routes)
    }
}

/// Holds the engine `prepare` creates, for the service and the routes the host asks for afterwards.
final class DownloadRuntime: Sendable {
    let engine = Mutex<DownloadEngine?>(nil)
}

/// The routes were asked for before the feature was prepared.
enum DownloaderSetupError: Error, CustomStringConvertible {
    case notPrepared

    var description: String { "The downloader must be prepared before its routes are added." }
}
