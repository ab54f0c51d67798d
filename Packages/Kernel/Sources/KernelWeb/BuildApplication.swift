import Foundation
import Hummingbird
import Kernel
import KernelBus
import KernelStorage
import Logging
import ServiceLifecycle

/// Builds the Atelier web application from `features`: the one composition root that the host's `main`, the
/// host-level tests and every feature's web tests call.
///
/// It prepares the data directory (failing with a clear message when it cannot be used), opens and migrates one
/// database per feature plus the kernel's own, mounts each feature's routes under `/<id>`, and gathers every
/// background service so that they start and stop with the server.
public func buildApplication(
    features: [any WebFeature],
    configuration: ShellConfiguration
) async throws -> some ApplicationProtocol {
    let shell = try await Shell(features: features, configuration: configuration)
    return Application(
        router: shell.router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Atelier"),
        services: shell.services,
        onServerRunning: { channel in await configuration.onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: configuration.logger
    )
}

/// The assembled parts of the web app, before they are handed to Hummingbird.
struct Shell {
    let router: Router<AppRequestContext>
    let services: [any Service]

    init(features: [any WebFeature], configuration: ShellConfiguration) async throws {
        let directory = configuration.dataDirectory
        try directory.prepare()
        let bus = configuration.bus
        let logger = configuration.logger

        let kernelDatabase = try FeatureDatabase.open(named: "kernel", in: directory, migrations: NoticeCenter.migrations)
        let notices = NoticeCenter(
            database: kernelDatabase,
            bus: bus,
            desktop: configuration.desktopNotifications ? DesktopNotifier.ifAvailable() : nil
        )

        var contexts: [FeatureContext] = []
        var services: [any Service] = [NoticeDeliveryService(notices: notices, logger: logger)]
        var observations: [BusObservation] = []
        for feature in features {
            let database = try FeatureDatabase.open(named: feature.id, in: directory, migrations: feature.migrations)
            var featureLogger = logger
            featureLogger[metadataKey: "feature"] = "\(feature.id)"
            let context = FeatureContext(
                featureID: feature.id,
                database: database,
                databasePath: directory.databasePath(named: feature.id),
                bus: bus,
                notices: notices,
                logger: featureLogger
            )
            try feature.prepare(context: context)
            services += feature.services(context: context)
            observations += feature.subscriptions(context: context)
            contexts.append(context)
        }

        let hub = LiveEventHub(
            bus: bus,
            names: [NoticeCenter.delivered] + features.flatMap(\.liveEvents),
            heartbeat: configuration.liveEventHeartbeat
        )
        services.append(hub)
        services.append(ObservationKeeper(observations: observations))

        let unread = UnreadNoticeCount(notices: notices, bus: bus)
        let pages = PageRenderer(
            navigation: features.map { .init(id: $0.id, title: $0.title, icon: $0.icon, summary: $0.summary, tint: $0.tint.rawValue) },
            unread: unread
        )

        let router = Router(context: AppRequestContext.self)
        // One log line per request costs a write and a time-zone lookup; at debug level it is there when asked for.
        router.add(middleware: LogRequestsMiddleware(.debug))
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: ErrorPageMiddleware(pages: pages))
        if let publicFolder = Bundle.module.resourceURL?.appendingPathComponent("Public") {
            router.add(middleware: try StaticAssets(folder: publicFolder))
        }
        router.add(middleware: CSRFMiddleware())
        ShellRoutes(pages: pages, notices: notices, unread: unread, hub: hub, bus: bus).add(to: router)
        for (feature, context) in zip(features, contexts) {
            try await feature.addRoutes(
                to: router.group(RouterPath(feature.id)),
                web: WebContext(feature: context, pages: pages.scoped(to: feature.id))
            )
        }
        self.router = router
        self.services = services
    }
}

/// Keeps the features' bus observations registered until the host shuts down.
struct ObservationKeeper: Service {
    let observations: [BusObservation]

    func run() async throws {
        try? await gracefulShutdown()
        withExtendedLifetime(observations) {}
    }
}
