import Foundation
import Hummingbird
import HummingbirdTesting
import Kernel
import KernelEvents
import KernelWeb
import Logging

/// Runs `test` against the real web shell built from `features` (the same `buildApplication` the host calls),
/// on a fresh temporary data directory that is removed afterwards. `host` is the address the shell believes it listens
/// on (a test always listens on loopback): `0.0.0.0` builds it as a host reachable from the network. With `people`,
/// each person signs in and sees only their own.
public func withTestShell<Value: Sendable>(
    features: [any WebFeature],
    setup: TestingSetup = .router,
    heartbeat: Duration = .seconds(15),
    featureSettings: [String: FeatureSettings] = [:],
    access: AccessPolicy = AccessPolicy(token: nil),
    host: String = "127.0.0.1",
    people: Bool = false,
    _ test: @Sendable (WebTestSession, TestShellParts) async throws -> Value
) async throws -> Value {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let bus = EventBus()
    var logger = Logger(label: "test")
    logger.logLevel = .warning
    let configuration = ShellConfiguration(
        host: host,
        port: 0,
        dataDirectory: directory.dataDirectory,
        bus: bus,
        logger: logger,
        liveEventHeartbeat: heartbeat,
        desktopNotifications: false,
        featureSettings: featureSettings,
        access: access,
        people: people
    )
    let shell = try await Shell(features: features, configuration: configuration)
    let routes = shell.routes
    let app = try makeApplication(shell, configuration: configuration)
    return try await app.test(setup) { client in
        let parts = TestShellParts(bus: bus, directory: directory, routes: routes, client: client)
        return try await test(WebTestSession(client: client), parts)
    }
}

/// What a shell test may reach besides HTTP: the bus, the data directory and, for live tests, the port.
public struct TestShellParts: Sendable {
    /// The bus shared by the shell and its features.
    public let bus: EventBus
    /// The data directory in use.
    public let directory: TemporaryDirectory
    /// Every route the shell answers, as `GET /tasks/:id`.
    public let routes: [String]
    /// The port of the live server, when the setup is `.live`.
    public var port: Int? { client.port }
    private let client: any TestClientProtocol

    init(bus: EventBus, directory: TemporaryDirectory, routes: [String], client: any TestClientProtocol) {
        self.bus = bus
        self.directory = directory
        self.routes = routes
        self.client = client
    }

    /// Another browser on the same host: a session with cookies of its own (someone else, or the same person on
    /// another device).
    public func anotherBrowser() -> WebTestSession {
        WebTestSession(client: client)
    }
}
