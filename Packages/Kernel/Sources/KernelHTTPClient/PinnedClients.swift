import AsyncHTTPClient
import Synchronization

/// HTTP clients that connect a server's name to one address given in advance, for one transfer: the address a
/// check judged, so that no second lookup of the name takes place between the check and the connection.
public final class PinnedClients: Sendable {
    /// No clients yet.
    public init() {}

    private let clients = Mutex<[String: HTTPClient]>([:])

    /// The client that connects `host` to `address`, made on first need.
    public func client(host: String, address: String, configuration: HTTPClient.Configuration) -> HTTPClient {
        clients.withLock { clients in
            let key = "\(host) \(address)"
            if let client = clients[key] { return client }
            var configuration = configuration
            // Keyed by the host as the address spells it, which is what the client looks up. (An address literal is
            // not looked up at all.)
            configuration.dnsOverride = [host: address]
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            clients[key] = client
            return client
        }
    }

    /// Shuts every client made down; the transfer has ended.
    public func shutdown() async {
        let made = clients.withLock { clients in
            defer { clients = [:] }
            return Array(clients.values)
        }
        for client in made {
            try? await client.shutdown()
        }
    }
}
