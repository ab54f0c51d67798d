import Foundation
import KernelLoopback
import Testing

@testable import NewsReaderLive

/// The feed fetched from a server that lets its kept-alive connections down, the two ways a real server does.
@Suite("Feed fetch on a kept-alive connection")
struct KeptAliveFeedTests {
    @Test(
        "a feed fetch a kept-alive connection lets down as it is reused (dropped when idle, or reset) is sent once more",
        arguments: [KeepAliveDropServer.Behaviour.dropWhenIdle, .resetOnReuse]
    )
    func letDown(_ behaviour: KeepAliveDropServer.Behaviour) async throws {
        let server = try KeepAliveDropServer(behaviour, body: FeedRefreshServiceTests.feed, contentType: "application/json")
        defer { server.stop() }
        let client = HTTPFeedTransport.makeClient()
        let transport = HTTPFeedTransport(client: client)
        do {
            for round in 1...2 {
                // The second fetch starts at once, on the connection the first one left open.
                let url = URL(string: server.url("/feed-\(round).json"))!
                // A generous limit: under a full parallel test run on two cores the answer can take seconds.
                let data = try await transport.get(url, limit: 1 << 20, timeout: .seconds(30))
                #expect(String(decoding: data, as: UTF8.self) == FeedRefreshServiceTests.feed, "fetch \(round)")
            }
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
        // The second fetch went out on the first connection, then once more on a fresh one.
        #expect(server.connections == 2)
    }
}
