import Foundation
import KernelEvents
import KernelHTTPClient
import KernelTestSupport
import Logging
import NewsReader
import ServiceLifecycle
import Synchronization
import Testing

@testable import NewsReaderLive

/// Keeps what the refresher stores, to see what a shutdown leaves behind.
final class KeptHeadlines: HeadlineStore {
    let kept = Mutex<(headlines: [Headline], failures: [String])>(([], []))

    func replace(with headlines: [Headline], at date: Date) async throws -> HeadlineChanges {
        kept.withLock {
            let changed = $0.headlines != headlines
            $0.headlines = headlines
            return changed ? HeadlineChanges(added: headlines.map(\.id)) : HeadlineChanges()
        }
    }
    func recordFailure(_ message: String, at date: Date) async throws { kept.withLock { $0.failures.append(message) } }
    func status() async throws -> FeedStatus { FeedStatus(count: kept.withLock { $0.headlines.count }) }
    func page(after cursor: String?, limit: Int) async throws -> HeadlinePage {
        HeadlinePage(headlines: Array(try await all().prefix(limit)), nextCursor: nil)
    }
    func headline(id: String) async throws -> Headline? { try await all().first { $0.id == id } }
    func all() async throws -> [Headline] { kept.withLock { $0.headlines } }
}

/// The background refresh, run as the host runs it: in a service group, against a real HTTP server on loopback.
@Suite("Background refresh")
struct FeedRefreshServiceTests {
    static let feed = #"{"headlines":[{"headline":"A","updated":1,"introduction":"a"}]}"#

    func refresher(_ server: FeedServer, client: HTTPClientService, store: KeptHeadlines) -> FeedRefresher {
        FeedRefresher(
            settings: NewsSettings(feed: URL(string: server.url("/feed.json"))!, analytics: nil),
            transport: HTTPFeedTransport(client: { client.client }),
            store: store,
            analytics: HTTPAnalyticsSink(client: { client.client }, base: nil, timeout: .seconds(1), logger: Logger(label: "test"))
        )
    }

    @Test("with an interval the feed is fetched at start and again each interval; each is saved; shutdown stops it")
    func ticks() async throws {
        let server = try await FeedServer()
        server.set("/feed.json", .json(Self.feed))
        let client = HTTPClientService(configuration: HTTPFeedTransport.configuration)
        let store = KeptHeadlines()
        let service = FeedRefreshService(
            refresher: refresher(server, client: client, store: store),
            interval: .milliseconds(150),
            logger: Logger(label: "test")
        )
        let group = ServiceGroup(configuration: .init(services: [client, service], logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try await eventually("three ticks") { server.hits("/feed.json").count >= 3 }
            #expect(store.kept.withLock { $0.headlines.map(\.headline) } == ["A"])
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        let afterShutdown = server.hits("/feed.json").count
        try await Task.sleep(for: .milliseconds(400))
        #expect(server.hits("/feed.json").count == afterShutdown, "no fetch after shutdown")
        await server.stop()
    }

    @Test("a fetch under way at shutdown is cancelled at once, not waited for, and records no failure")
    func shutdownDuringFetch() async throws {
        let server = try await FeedServer()
        // Held for two minutes: waiting for it would take the whole 10-second deadline.
        server.set("/feed.json", FeedServer.Answer(body: Data(Self.feed.utf8), held: true))
        let client = HTTPClientService(configuration: HTTPFeedTransport.configuration)
        let store = KeptHeadlines()
        let service = FeedRefreshService(
            refresher: refresher(server, client: client, store: store),
            interval: .seconds(60),
            logger: Logger(label: "test")
        )
        let group = ServiceGroup(configuration: .init(services: [client, service], logger: Logger(label: "test")))
        let clock = ContinuousClock()
        var stopping = clock.now
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try await eventually("the fetch starts") { server.hits("/feed.json").count == 1 }
            stopping = clock.now
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(clock.now - stopping < .seconds(8), "the held fetch (10-second deadline) was not waited for")
        #expect(store.kept.withLock { $0.failures }.isEmpty)
        await server.stop()
    }

    @Test("with no interval nothing is fetched, and the client is never made")
    func off() async throws {
        let server = try await FeedServer()
        let client = HTTPClientService(configuration: HTTPFeedTransport.configuration)
        let service = FeedRefreshService(
            refresher: refresher(server, client: client, store: KeptHeadlines()),
            interval: nil,
            logger: Logger(label: "test")
        )
        let group = ServiceGroup(configuration: .init(services: [client, service], logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try await Task.sleep(for: .milliseconds(300))
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(server.requests.isEmpty)
        #expect(!client.isMade)
        await server.stop()
    }
}

/// Keeps every log message, to check what the analytics sender says.
final class RecordedLog: Sendable {
    let messages = Mutex<[(Logger.Level, String)]>([])

    var logger: Logger {
        Logger(label: "test") { _ in Handler(log: self) }
    }

    func count(_ level: Logger.Level, containing text: String) -> Int {
        messages.withLock { $0.filter { $0.0 == level && $0.1.contains(text) }.count }
    }

    struct Handler: LogHandler {
        let log: RecordedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.messages.withLock { $0.append((event.level, "\(event.message)")) }
        }
    }
}

/// The analytics sender's promises: fire and forget, a bounded queue, failures logged once.
@Suite("Analytics sending")
struct AnalyticsSinkTests {
    @Test("a full queue drops hits with a log line each, and recording never waits")
    func boundedQueue() async throws {
        let server = try await FeedServer()
        let log = RecordedLog()
        // Not running: nothing is sent, so the queue fills.
        let sink = HTTPAnalyticsSink(
            client: { fatalError("nothing is sent in this test") },
            base: URL(string: server.url("/analytics"))!,
            timeout: .seconds(1),
            logger: log.logger
        )
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<300 { sink.record(.load(milliseconds: index)) }
        #expect(clock.now - start < .milliseconds(100))
        #expect(log.count(.notice, containing: "queue is full") == 300 - HTTPAnalyticsSink.queueLimit)
        await server.stop()
    }

    @Test("failing hits are logged once until one succeeds, then logged again once")
    func failuresLoggedOnce() async throws {
        let server = try await FeedServer()
        server.set("/analytics", FeedServer.Answer(status: 500))
        let log = RecordedLog()
        let client = HTTPClientService(configuration: HTTPFeedTransport.configuration)
        let sink = HTTPAnalyticsSink(
            client: { client.client },
            base: URL(string: server.url("/analytics"))!,
            timeout: .seconds(1),
            logger: log.logger
        )
        let group = ServiceGroup(configuration: .init(services: [client, sink], logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            for index in 0..<5 { sink.record(.load(milliseconds: index)) }
            try await eventually("five failing hits") { server.hits("/analytics").count == 5 }
            try await eventually("the failure is logged") { log.count(.warning, containing: "could not be sent") == 1 }
            server.set("/analytics", FeedServer.Answer(status: 200))
            sink.record(.load(milliseconds: 9))
            try await eventually("recovery is logged") { log.count(.info, containing: "reachable again") == 1 }
            server.set("/analytics", FeedServer.Answer(status: 503))
            for index in 0..<3 { sink.record(.load(milliseconds: index)) }
            try await eventually("three more failing hits") { server.hits("/analytics").count == 9 }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(log.count(.warning, containing: "could not be sent") == 2, "once per run of failures")
        #expect(server.hits("/analytics").count == 9, "never retried")
        await server.stop()
    }
}
