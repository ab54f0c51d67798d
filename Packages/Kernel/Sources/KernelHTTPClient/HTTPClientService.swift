import AsyncHTTPClient
import ServiceLifecycle
import Synchronization

/// A feature's HTTP client, as a service of the host: made on first use (so a host that fails to start never holds a
/// client it must shut down), and shut down when the host stops, after the services listed after it.
///
/// Put it first in a runtime's `services`: services are shut down in reverse order, so whatever sends with it has
/// stopped by then.
///
/// ```swift
/// let http = HTTPClientService(configuration: FeedTransport.configuration)
/// return FeatureRuntime(routes: …, services: [http, refresher], …)
/// ```
public final class HTTPClientService: Service, Sendable {
    private let configuration: HTTPClient.Configuration
    private let made = Mutex<HTTPClient?>(nil)

    /// A service whose client, once made, has `configuration`.
    public init(configuration: HTTPClient.Configuration) {
        self.configuration = configuration
    }

    /// The client, made now if this is the first use.
    public var client: HTTPClient {
        made.withLock { made in
            if let client = made { return client }
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            made = client
            return client
        }
    }

    /// Whether the client has been made.
    public var isMade: Bool { made.withLock { $0 != nil } }

    /// Waits for the host to stop, then shuts the client down.
    public func run() async throws {
        try? await gracefulShutdown()
        try await shutdown()
    }

    /// Shuts the client down, if it was made (for a command that ends without a host).
    public func shutdown() async throws {
        if let client = made.withLock({ $0 }) { try await client.shutdown() }
    }
}
