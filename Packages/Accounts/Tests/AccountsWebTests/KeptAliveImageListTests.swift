import Accounts
import Foundation
import KernelLoopback
import Testing

@testable import AccountsWeb

/// The image list fetched from a server that lets its kept-alive connections down, the two ways a real server does.
@Suite("Image list on a kept-alive connection")
struct KeptAliveImageListTests {
    static let picsum =
        #"[{"id":"10","author":"Paul Jarvis","width":2500,"height":1667,"url":"https://unsplash.com/photos/6J--NXulQCs","download_url":"https://picsum.photos/id/10/2500/1667"}]"#

    @Test(
        "an image list fetch a kept-alive connection lets down as it is reused (dropped when idle, or reset) is sent once more",
        arguments: [KeepAliveDropServer.Behaviour.dropWhenIdle, .resetOnReuse]
    )
    func letDown(_ behaviour: KeepAliveDropServer.Behaviour) async throws {
        let server = try KeepAliveDropServer(behaviour, body: Self.picsum, contentType: "application/json")
        defer { server.stop() }
        let source = try ImageSource(setting: server.url("/list.json"))
        for round in 1...2 {
            // The second fetch starts at once, on the connection the first one left open.
            let listing = await source.listing()
            #expect(listing.problem == nil, "fetch \(round): \(listing.problem ?? "")")
            #expect(listing.items.map(\.url) == ["https://picsum.photos/id/10/2500/1667"], "fetch \(round)")
        }
        // The second fetch went out on the first connection, then once more on a fresh one.
        #expect(server.connections == 2)
        try await source.http.shutdown()
    }
}
