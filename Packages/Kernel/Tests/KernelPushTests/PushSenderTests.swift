import AsyncHTTPClient
import Crypto
import Foundation
import Kernel
import KernelEvents
import KernelHTTPClient
import KernelLoopback
import KernelStorage
import Logging
import NIOCore
import NIOHTTP1
import Testing

@testable import KernelPush

@Suite("Pushes: queued by the delivery, once per browser, sent to the push service, retried or dropped as it answers")
struct PushSenderTests {
    /// A push service on loopback: `/ok` takes a push (201), `/gone` has lost the browser (410), `/busy` is busy (503).
    static func pushService() async throws -> LoopbackServer {
        try await LoopbackServer { request, outbound in
            let status = request.uri.hasPrefix("/ok") ? 201 : request.uri.hasPrefix("/gone") ? 410 : 503
            let head = HTTPResponseHead(
                version: .http1_1,
                status: HTTPResponseStatus(statusCode: status),
                headers: HTTPHeaders([("Content-Length", "0")])
            )
            try await outbound.write(.head(head))
            try await outbound.write(.end(nil))
            return true
        }
    }

    static func subscription(_ endpoint: String) -> (PushQueue.Subscription, P256.KeyAgreement.PrivateKey) {
        let browser = P256.KeyAgreement.PrivateKey()
        let auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        let subscription = PushQueue.Subscription(
            endpoint: endpoint,
            p256dh: Base64URL.encode(browser.publicKey.x963Representation),
            auth: Base64URL.encode(auth)
        )
        return (subscription, browser)
    }

    static func sender(_ queue: PushQueue, allowPrivate: Bool, clients: PinnedClients) throws -> PushSender {
        let settings = PushSettings(
            privateKey: VAPIDKey().privateKeyText,
            subject: "mailto:test@example.org",
            allowPrivateEndpoints: allowPrivate
        )
        return try PushSender(
            queue: queue,
            settings: settings,
            features: [FeatureDescriptor(id: "countdown", title: "Countdown", icon: "⏱", summary: "", noticeUrgency: .high)],
            clients: clients,
            logger: Logger(label: "test")
        )
    }

    @Test("one delivery, one push per browser, encrypted for it, with its urgency; a 410 forgets the browser; a 503 waits")
    func sendOnce() async throws {
        let database = try FeatureDatabase.inMemory(migrations: NoticeCenter.migrations)
        let queue = PushQueue(database: database)
        let server = try await Self.pushService()
        defer { Task { await server.stop() } }
        let ok = Self.subscription(server.url("/ok/1")).0
        try await queue.subscribe(ok)
        try await queue.subscribe(Self.subscription(server.url("/gone/2")).0)
        try await queue.subscribe(Self.subscription(server.url("/busy/3")).0)

        let center = NoticeCenter(database: database, bus: EventBus())
        let now = Date().addingTimeInterval(1)
        try await center.schedule(
            featureID: "countdown",
            title: "Tea",
            body: "Tea is ready.",
            link: "/countdown",
            at: now.addingTimeInterval(-1),
            key: "tea"
        )
        #expect(try await center.deliver(key: "tea", now: now) != nil)
        // The host's loop comes second: the notice is delivered, nothing more is queued.
        try await center.deliverDue(now: now)

        let clients = PinnedClients()
        let sender = try Self.sender(queue, allowPrivate: true, clients: clients)
        #expect(try await sender.sendDue(now: now) == 1)
        #expect(try await sender.sendDue(now: now) == 0)
        // Three browsers at one push service: one client, kept for the next push.
        #expect(clients.count == 1)
        await clients.shutdown()

        let posts = server.requests.filter { $0.method == .POST }
        #expect(posts.map(\.uri).sorted() == ["/busy/3", "/gone/2", "/ok/1"])
        let toOK = try #require(posts.first { $0.uri == "/ok/1" })
        #expect(toOK.headers["Urgency"] == ["high"])
        #expect(toOK.headers["TTL"] == ["3600"])
        #expect(toOK.headers["Content-Encoding"] == ["aes128gcm"])
        #expect(toOK.headers["Authorization"].first?.hasPrefix("vapid t=") == true)

        #expect(try await queue.subscriptions().map(\.endpoint).sorted() == [server.url("/busy/3"), server.url("/ok/1")])
        #expect(try await !queue.isEmpty())  // the busy one waits
        let next = try #require(try await queue.nextDueDate())
        #expect(next > now.addingTimeInterval(4))
    }

    @Test("with public addresses only, a loopback or plain-http endpoint gets no request and is dropped")
    func privateEndpointsRefused() async throws {
        let database = try FeatureDatabase.inMemory(migrations: NoticeCenter.migrations)
        let queue = PushQueue(database: database)
        let server = try await Self.pushService()
        defer { Task { await server.stop() } }
        try await queue.subscribe(Self.subscription(server.url("/ok/1")).0)
        try await queue.subscribe(Self.subscription(server.url("/ok/2").replacingOccurrences(of: "http:", with: "https:")).0)
        let center = NoticeCenter(database: database, bus: EventBus())
        try await center.raise(featureID: "downloads", title: "Done", body: "page.html finished.")

        let clients = PinnedClients()
        let sender = try Self.sender(queue, allowPrivate: false, clients: clients)
        #expect(try await sender.sendDue() == 0)
        #expect(clients.count == 0)
        #expect(server.requests.isEmpty)
        #expect(try await queue.subscriptions().isEmpty)
        #expect(try await queue.isEmpty())
    }

    @Test("a public endpoint is reached through a client pinned to the checked address, kept for its next push")
    func pinnedClient() async throws {
        let database = try FeatureDatabase.inMemory(migrations: NoticeCenter.migrations)
        let queue = PushQueue(database: database)
        // Loopback stands in for a public address, on a port nothing listens on: the connection is refused and the
        // push waits for another try (a debug build stops the process if a client is dropped without shutting down).
        try await queue.subscribe(Self.subscription("https://127.0.0.1:1/push/1").0)
        let center = NoticeCenter(database: database, bus: EventBus())
        try await center.raise(featureID: "downloads", title: "Done", body: "page.html finished.")
        let clients = PinnedClients()
        var sender = try Self.sender(queue, allowPrivate: false, clients: clients)
        sender.isPublic = { _ in true }
        sender.connectTimeout = .milliseconds(300)
        #expect(try await sender.sendDue() == 0)
        #expect(try await queue.subscriptions().count == 1)
        #expect(try await !queue.isEmpty())
        #expect(try await sender.sendDue(now: Date().addingTimeInterval(60)) == 0)
        #expect(clients.count == 1)
        await clients.shutdown()
    }

    @Test("the push services' clients are bounded: past the limit the oldest is shut down and forgotten")
    func clientsBounded() async throws {
        let clients = PinnedClients(limit: 2)
        let configuration = HTTPClient.Configuration()
        let first = clients.client(host: "a.example", address: "192.0.2.1", configuration: configuration)
        _ = clients.client(host: "b.example", address: "192.0.2.2", configuration: configuration)
        #expect(clients.client(host: "a.example", address: "192.0.2.1", configuration: configuration) === first)
        _ = clients.client(host: "c.example", address: "192.0.2.3", configuration: configuration)
        #expect(clients.count == 2)
        #expect(clients.client(host: "a.example", address: "192.0.2.1", configuration: configuration) !== first)
        await clients.shutdown()
        #expect(clients.count == 0)
    }
}
