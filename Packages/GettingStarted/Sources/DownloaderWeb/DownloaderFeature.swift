import ArgumentParser
import Downloader
import Foundation
import GRDB
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
        runtime.set(engine, for: context.database)
    }

    /// Runs the engine: resumes interrupted downloads at start, stops transfers at shutdown.
    public func services(context: FeatureContext) -> [any Service] {
        guard let engine = runtime.engine(for: context.database) else { return [] }
        return [
            DownloadService(engine: engine, logger: context.logger),
            OutsideChangeService(monitor: DatabaseChangeMonitor(writer: context.database), bus: context.bus),
        ]
    }

    public func addRoutes(to routes: RouterGroup<AppRequestContext>, web: WebContext) async throws {
        guard let engine = runtime.engine(for: web.feature.database) else { throw DownloaderSetupError.notPrepared }
        DownloadRoutes(engine: engine, pages: web.pages).add(to: routes)
    }
}

/// Holds the engines `prepare` creates, for the service and the routes the host asks for afterwards.
///
/// One feature value may serve several shells at once (the registry's value, in parallel tests), each with its own
/// database, so engines are kept per database connection rather than in a single slot.
final class DownloadRuntime: Sendable {
    private let engines = Mutex<[ObjectIdentifier: DownloadEngine]>([:])

    func set(_ engine: DownloadEngine, for database: any DatabaseWriter) {
        engines.withLock { $0[ObjectIdentifier(database)] = engine }
    }

    func engine(for database: any DatabaseWriter) -> DownloadEngine? {
        engines.withLock { $0[ObjectIdentifier(database)] }
    }
}

/// The routes were asked for before the feature was prepared.
enum DownloaderSetupError: Error, CustomStringConvertible {
    case notPrepared

    var description: String { "The downloader must be prepared before its routes are added." }
}

/// Posts `downloads.changed` when another process (the `atelier download` CLI on the same data directory) changes
/// the download list, so open pages show those rows too.
struct OutsideChangeService: Service {
    let monitor: DatabaseChangeMonitor
    let bus: NotificationBus

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            try await monitor.run { [bus] in bus.post(name: DownloadNotifications.changed) }
        }
    }
}
