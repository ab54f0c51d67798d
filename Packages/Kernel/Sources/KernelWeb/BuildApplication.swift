import Foundation
import GRDB
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Kernel
import KernelEvents
import KernelHTTPClient
import KernelPush
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
    try makeApplication(try await Shell(features: features, configuration: configuration), configuration: configuration)
}

/// The application serving `shell`, as ``buildApplication(features:configuration:)`` makes it.
package func makeApplication(_ shell: Shell, configuration: ShellConfiguration) throws -> some ApplicationProtocol {
    let server: HTTPServerBuilder
    if let tls = configuration.tls {
        server = try .tls(.http1(), tlsConfiguration: try tls.serverConfiguration())
    } else {
        server = .http1()
    }
    return Application(
        router: HeadResponderBuilder(inner: shell.router),
        server: server,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Atelier"),
        services: shell.services,
        onServerRunning: { channel in await configuration.onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: configuration.logger
    )
}

/// Sign-in was asked for, and no feature signs people in.
struct NoSignIn: Error, CustomStringConvertible {
    var description: String { "Sign-in needs the Accounts feature (or another that signs people in), and none is loaded." }
}

/// The assembled parts of the web app, before they are handed to Hummingbird.
package struct Shell {
    let router: Router<AppRequestContext>
    let services: [any Service]

    /// Every route the shell answers, as `GET /tasks/:id`: what a test walks to check them all.
    package var routes: [String] { router.routes.map(\.description) }

    /// The shell of `features`, as `configuration` asks.
    package init(features: [any WebFeature], configuration: ShellConfiguration) async throws {
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

        let assets = try StaticAssets(
            shell: Bundle.module.resourceURL?.appendingPathComponent("Public"),
            features: features.map { ($0.id, $0.publicFiles) }
        )
        // Its cache is dropped on a delivery before the live-event hub (made below) tells any page of it.
        let unread = UnreadNoticeCount(notices: notices, bus: bus)
        // One secret signs both the CSRF tokens and the flash cookies.
        let secret = Self.csrfSecret(in: directory, logger: logger)
        let pages = PageRenderer(
            navigation: features.map { .init(id: $0.id, title: $0.title, icon: $0.icon, summary: $0.summary, tint: $0.tint.rawValue) },
            assets: assets,
            unread: unread,
            flashSeal: FlashSeal(secret: secret)
        )

        var services: [any Service] = []
        var observations: [EventObservation] = []
        var liveEvents: [any LiveEvent.Type] = [NoticeDelivered.self]

        // Every feature's database, opened and migrated first: notice delivery carries each one's outbox.
        var databases: [(feature: any WebFeature, database: DatabasePool, openedAt: Int64)] = []
        for feature in features {
            let database = try FeatureDatabase.open(named: feature.id, in: directory, migrations: feature.migrations)
            // Changes other processes make from here on reach the feature, even before its feed starts.
            let openedAt = try await database.read { db in try ChangeLog.latest(db) }
            databases.append((feature, database, openedAt))
        }
        let delivery = NoticeDeliveryService(
            notices: notices,
            outboxes: Dictionary(uniqueKeysWithValues: databases.map { ($0.feature.id, $0.database as any DatabaseWriter) }),
            logger: logger
        )
        var feeds: [String: ChangeFeed] = [:]
        var runtimes: [(feature: any WebFeature, runtime: FeatureRuntime)] = []
        for (feature, database, openedAt) in databases {
            var featureLogger = logger
            featureLogger[metadataKey: "feature"] = "\(feature.id)"
            let context = FeatureContext(
                featureID: feature.id,
                database: database,
                databasePath: directory.databasePath(named: feature.id),
                bus: bus,
                notices: notices,
                logger: featureLogger,
                settings: configuration.featureSettings[feature.id] ?? FeatureSettings(),
                reachableFromNetwork: !AccessPolicy.isLoopbackAddress(configuration.host)
            )
            let runtime = try await feature.makeRuntime(WebContext(feature: context, pages: pages.scoped(to: feature.id)))
            services += runtime.services
            observations += runtime.subscriptions
            observations += runtime.caches.observe(on: bus)
            liveEvents += runtime.liveEvents
            // The one way the feature's changes travel: each commit (this process's as it happens, another's when the
            // file watch or the safety check says so) forgets its caches, posts its change event, and has its notices
            // carried into the inbox.
            if let changes = runtime.changes {
                let feed = ChangeFeed(
                    database: database,
                    event: changes,
                    bus: bus,
                    caches: runtime.caches,
                    startingAfter: openedAt,
                    committed: { [id = feature.id] in delivery.carry(from: id) }
                )
                feed.start()
                feeds[feature.id] = feed
            }
            runtimes.append((feature, runtime))
        }
        // The router, once the features are made: who each request is from is known to their runtimes (a router's
        // middleware wraps only the routes added after it, so everything is mounted below).
        let router = Router(context: AppRequestContext.self)
        // One log line per request costs a write and a time-zone lookup; at debug level it is there when asked for.
        router.add(middleware: RequestCookiesMiddleware())
        router.add(middleware: LogRequestsMiddleware(.debug))
        router.add(middleware: SecurityHeadersMiddleware(servesHTTPS: configuration.tls != nil))
        // Before anything that answers with the host's data, the error pages (their navigation counts the inbox) too.
        router.add(middleware: AccessMiddleware(policy: configuration.access, stylesheet: assets.stylesheet))
        // Who each request is from, before any page — an error page too — shows their inbox count.
        if configuration.people {
            guard let people = runtimes.lazy.compactMap(\.runtime.people).first else { throw NoSignIn() }
            router.add(middleware: PersonMiddleware(people: people, assets: assets))
        }
        router.add(middleware: ErrorPageMiddleware(pages: pages))
        router.add(middleware: assets)
        router.add(middleware: CSRFMiddleware(secret: secret))
        // The JSON API of every feature and of the inbox, one group under /api/v1.
        let api = router.group("api/v1").add(middleware: APIRequestMiddleware())
        for (feature, runtime) in runtimes {
            runtime.routes?.add(to: router.group(RouterPath(feature.id)))
            runtime.api?.add(to: api)
        }

        // Notices that came due while nothing ran (a countdown that ended with the host down) are in the inbox
        // before the first page is served; the delivery loop announces them (live toasts) once pages can listen.
        do {
            _ = try await notices.deliverDue(announcing: false)
        } catch {
            logger.error("Could not deliver notices: \(error)")
        }
        services.insert(delivery, at: 0)
        let hub = LiveEventHub(bus: bus, events: liveEvents, heartbeat: configuration.liveEventHeartbeat)
        services.append(hub)
        ShellRoutes(pages: pages, notices: notices, unread: unread, hub: hub, bus: bus).add(to: router)
        InboxAPI(notices: notices, unread: unread, hub: hub, logger: logger).add(to: api)

        // Installable, and notified on the device: the manifest and service worker, and Web Push.
        let push = try PushSettings.prepare(
            in: directory,
            allowPrivateEndpoints: configuration.push.allowPrivateEndpoints,
            subject: configuration.push.subject,
            privateKey: configuration.push.privateKey
        )
        let pushQueue = PushQueue(database: kernelDatabase)
        // The push services' clients, kept between pushes; listed before the sender, so shut down after it stops.
        let pushClients = PinnedClients()
        let pushDelivery = PushDeliveryService(
            sender: try PushSender(
                queue: pushQueue,
                settings: push,
                features: features.map(\.descriptor),
                clients: pushClients,
                logger: logger
            )
        )
        services.append(contentsOf: [pushClients, pushDelivery] as [any Service])
        // A notice delivered here queues its pushes in the same transaction: send them now.
        observations.append(bus.addObserver(for: NoticeDelivered.self) { _ in pushDelivery.wake() })
        // Another process's commits: to a feature's database (its feed catches up) or to the kernel's (it delivered or
        // scheduled a notice, or queued pushes).
        services.append(
            DatabaseWatchService(
                directory: directory.path,
                feeds: feeds,
                kernelChanged: {
                    delivery.wake()
                    pushDelivery.wake()
                },
                logger: logger
            )
        )
        services.append(ObservationKeeper(observations: observations))
        PushRoutes(queue: pushQueue, settings: push, publicKey: try push.key.publicKeyText).add(to: router)
        let worker = try Bundle.module.resourceURL.map {
            try String(contentsOf: $0.appendingPathComponent("Worker/sw.js"), encoding: .utf8)
        }
        WebAppRoutes(navigation: pages.navigation, assets: assets, workerScript: worker ?? "").add(to: router)
        if let document = configuration.apiDocument {
            let bytes = ByteBuffer(string: document)
            router.get("/api/openapi.yaml") { _, _ in
                Response(status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"], body: .init(byteBuffer: bytes))
            }
        }
        self.router = router
        self.services = services
    }

    /// The secret that signs CSRF tokens, kept in the data directory; if it can be neither read nor made (a full disk
    /// at the very first start), one for this process only, so the host still starts and forms work until a restart.
    static func csrfSecret(in directory: DataDirectory, logger: Logger) -> [UInt8] {
        do {
            return try directory.secret(named: CSRFMiddleware.secretName)
        } catch {
            logger.warning("\(error) Forms signed now stop working at the next restart.")
            return Base64URL.randomBytes(32)
        }
    }
}

/// Keeps the features' bus observations registered until the host shuts down.
struct ObservationKeeper: Service {
    let observations: [EventObservation]

    func run() async throws {
        try? await gracefulShutdown()
        withExtendedLifetime(observations) {}
    }
}
