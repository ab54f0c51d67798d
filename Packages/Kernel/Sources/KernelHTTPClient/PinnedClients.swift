import AsyncHTTPClient
import ServiceLifecycle
import Synchronization

/// HTTP clients that connect a server's name to one address given in advance: the address a check judged, so that no
/// second lookup of the name takes place between the check and the connection.
///
/// One client per name and address, made on first need and kept (with its pooled connections) for the next request
/// to the same place. A transfer keeps a set for its own life and shuts it down when it ends; a sender that runs as
/// long as the host (Web Push) keeps one as a service of the host, shut down when the host stops. At most
/// ``limit`` clients are kept: past it the one made longest ago is shut down (a request still on it fails and is
/// tried again by its sender).
public final class PinnedClients: Service, Sendable {
    /// How many clients are kept at most.
    public let limit: Int

    private struct Made {
        var clients: [String: HTTPClient] = [:]
        /// The keys of `clients`, oldest first.
        var order: [String] = []
    }

    private let made = Mutex(Made())

    /// No clients yet.
    public init(limit: Int = 32) {
        self.limit = limit
    }

    /// The client with `configuration` that connects `host` to `address`; with no address, one that looks the name up
    /// as usual (for a place allowed without judging its address, such as a test's loopback server).
    public func client(host: String, address: String?, configuration: HTTPClient.Configuration) -> HTTPClient {
        let (client, evicted) = made.withLock { made -> (HTTPClient, HTTPClient?) in
            let key = "\(host) \(address ?? "")"
            if let client = made.clients[key] { return (client, nil) }
            var configuration = configuration
            if let address {
                // Keyed by the host as the address spells it, which is what the client looks up. (An address literal
                // is not looked up at all.)
                configuration.dnsOverride = [host: address]
            }
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            made.clients[key] = client
            made.order.append(key)
            guard made.order.count > limit else { return (client, nil) }
            return (client, made.clients.removeValue(forKey: made.order.removeFirst()))
        }
        if let evicted {
            Task { try? await evicted.shutdown() }
        }
        return client
    }

    /// How many clients are kept now.
    public var count: Int { made.withLock { $0.clients.count } }

    /// Waits for the host to stop, then shuts every client down.
    public func run() async throws {
        try? await gracefulShutdown()
        await shutdown()
    }

    /// Shuts every client made down (the transfer has ended, or the command that sent is done).
    public func shutdown() async {
        let clients = made.withLock { made in
            defer { made = Made() }
            return Array(made.clients.values)
        }
        for client in clients {
            try? await client.shutdown()
        }
    }
}
