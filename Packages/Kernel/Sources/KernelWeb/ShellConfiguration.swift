import Kernel
import KernelEvents
import KernelStorage
import Logging

/// How the web shell is built: where it listens, where data lives, and the parts tests may want to hold.
public struct ShellConfiguration: Sendable {
    /// The address to listen on; loopback by default so nothing is exposed by accident.
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// Where the databases live.
    public var dataDirectory: DataDirectory
    /// The bus shared by the host and every feature.
    public var bus: EventBus
    /// The logger for requests and services.
    public var logger: Logger
    /// How often an idle live-events connection gets a heartbeat.
    public var liveEventHeartbeat: Duration
    /// Whether notices may also be shown with `notify-send` when a desktop is there.
    public var desktopNotifications: Bool
    /// The values the operator gave each feature's options, by feature id.
    public var featureSettings: [String: FeatureSettings]
    /// Who may use the host: loopback names only by default; a token when listening beyond loopback.
    public var access: AccessPolicy
    /// Whether each person signs in and sees only their own (the feature that signs people in decides who a request is
    /// from); off, everything belongs to the one local person.
    public var people: Bool
    /// How the host sends Web Push notifications to the browsers that asked for them.
    public var push: PushOptions
    /// The certificate and key to serve HTTPS with (a phone's browser needs a secure context for the service worker and
    /// notifications); plain HTTP when nil.
    public var tls: TLSFiles?
    /// The OpenAPI document of the features' JSON API, served at `/api/openapi.yaml` (nothing there when nil).
    public var apiDocument: String?
    /// Called once the server listens, with the port it got (useful with port 0).
    public var onServerRunning: @Sendable (_ port: Int) async -> Void

    /// A configuration listening on `host:port` with data in `dataDirectory`.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        dataDirectory: DataDirectory,
        bus: EventBus = EventBus(),
        logger: Logger = Logger(label: "atelier"),
        liveEventHeartbeat: Duration = .seconds(5),
        desktopNotifications: Bool = true,
        featureSettings: [String: FeatureSettings] = [:],
        access: AccessPolicy = AccessPolicy(token: nil),
        people: Bool = false,
        push: PushOptions = PushOptions(),
        tls: TLSFiles? = nil,
        apiDocument: String? = nil,
        onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.bus = bus
        self.logger = logger
        self.liveEventHeartbeat = liveEventHeartbeat
        self.desktopNotifications = desktopNotifications
        self.featureSettings = featureSettings
        self.access = access
        self.people = people
        self.push = push
        self.tls = tls
        self.apiDocument = apiDocument
        self.onServerRunning = onServerRunning
    }
}

/// The operator's choices for Web Push (see `PushSettings` in KernelPush, where they are kept for every process).
public struct PushOptions: Sendable {
    /// Whether browsers may subscribe with a push endpoint on this machine or a private network (or plain `http`):
    /// for tests, and for a push service on the operator's own network.
    public var allowPrivateEndpoints: Bool
    /// The contact put in every push's VAPID token (`mailto:` or `https:`); the kept one, else a default, when nil.
    public var subject: String?
    /// A VAPID private key (base64url) to use instead of the one made at the first start.
    public var privateKey: String?

    /// Options: public endpoints only, the kept contact and key.
    public init(allowPrivateEndpoints: Bool = false, subject: String? = nil, privateKey: String? = nil) {
        self.allowPrivateEndpoints = allowPrivateEndpoints
        self.subject = subject
        self.privateKey = privateKey
    }
}

/// A PEM certificate chain and its PEM private key, as files.
public struct TLSFiles: Sendable {
    /// The certificate chain's file (PEM), the server's certificate first.
    public var certificate: String
    /// The private key's file (PEM).
    public var key: String

    /// The files at these paths.
    public init(certificate: String, key: String) {
        self.certificate = certificate
        self.key = key
    }
}
