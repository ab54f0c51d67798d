import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NewsReader
import ServiceLifecycle
import Synchronization

/// Sends analytics hits in the background, fire and forget: `record` only queues (never waits), the queue is bounded
/// (a hit that does not fit is dropped with a log line), one sender sends each hit once with a short deadline, and a
/// run of failures is logged once, not per hit. Analytics hits are not themselves analytics `load` events.
public final class HTTPAnalyticsSink: AnalyticsSink, Service {
    /// The most hits waiting to be sent.
    public static let queueLimit = 256

    private let client: @Sendable () -> HTTPClient
    private let base: URL?
    private let timeout: Duration
    private let logger: Logger
    private let stream: AsyncStream<AnalyticsEvent>
    private let continuation: AsyncStream<AnalyticsEvent>.Continuation
    private let failing = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)

    /// A sink sending to `base` (nil: analytics off, every hit is dropped silently).
    public convenience init(client: HTTPClient, base: URL?, timeout: Duration, logger: Logger) {
        self.init(client: { client }, base: base, timeout: timeout, logger: logger)
    }

    /// A sink sending with the client `client` gives when a hit is sent (one made on first use).
    public init(client: @escaping @Sendable () -> HTTPClient, base: URL?, timeout: Duration, logger: Logger) {
        self.client = client
        self.base = base
        self.timeout = timeout
        self.logger = logger
        (stream, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingOldest(Self.queueLimit))
    }

    public func record(_ event: AnalyticsEvent) {
        guard base != nil else { return }
        if case .dropped = continuation.yield(event) {
            logger.notice("News analytics queue is full; an event was dropped.")
        }
    }

    /// Sends queued hits until the host shuts down; what is still queued then is dropped, so a slow analytics server
    /// never holds up a shutdown by more than one hit's deadline.
    public func run() async throws {
        await withGracefulShutdownHandler {
            for await event in stream where !stopping.load(ordering: .relaxed) { await send(event) }
        } onGracefulShutdown: {
            self.stopping.store(true, ordering: .relaxed)
            self.continuation.finish()
        }
    }

    /// Sends what is queued and stops taking hits: for a command that exits when it is done, instead of ``run()``.
    public func flush() async {
        continuation.finish()
        for await event in stream { await send(event) }
    }

    private func send(_ event: AnalyticsEvent) async {
        guard let base, let url = event.url(base: base) else { return }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: "Atelier-News/1.0")
        do {
            let deadline = NIODeadline.now() + .nanoseconds(HTTPFeedTransport.nanoseconds(timeout))
            let response = try await client().execute(request, deadline: deadline)
            _ = try? await response.body.collect(upTo: 64 * 1024)
            if (200..<400).contains(response.status.code) {
                if failing.exchange(false, ordering: .relaxed) { logger.info("News analytics are reachable again.") }
            } else {
                failed("HTTP \(response.status.code)")
            }
        } catch {
            failed(HTTPFeedTransport.reason(error))
        }
    }

    private func failed(_ reason: String) {
        if !failing.exchange(true, ordering: .relaxed) {
            logger.warning("News analytics could not be sent (\(reason)); further failures are not logged until one succeeds.")
        }
    }
}
