import AsyncHTTPClient
import Foundation
import KernelHTTPClient
import NIOCore
import NewsReader

/// Fetches the feed with AsyncHTTPClient: up to 5 redirects (no cycles), one deadline for the whole request, the
/// body read only up to the cap, and once more when a kept-alive connection let the request down before its answer.
public struct HTTPFeedTransport: FeedTransport {
    /// The most redirects followed.
    public static let maxRedirects = 5
    private let client: @Sendable () -> HTTPClient

    /// A transport on `client` (shared, shut down by its owner).
    public init(client: HTTPClient) {
        self.client = { client }
    }

    /// A transport on the client `client` gives when a fetch starts (one made on first use).
    public init(client: @escaping @Sendable () -> HTTPClient) {
        self.client = client
    }

    /// How the client for fetching feeds and sending analytics is configured.
    public static var configuration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .follow(max: maxRedirects, allowCycles: false)
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(10))
        configuration.connectionPool.retryConnectionEstablishment = false
        // No compression asked for, so the 5 MB cap counts the bytes that arrive, and no decompression error can
        // pass for a network error.
        configuration.decompression = .disabled
        return configuration
    }

    /// A client configured for fetching feeds and sending analytics; its owner shuts it down.
    public static func makeClient() -> HTTPClient {
        HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    public func get(_ url: URL, limit: Int, timeout: Duration) async throws(FeedError) -> Data {
        let seconds = max(1, Int(timeout.components.seconds))
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: "Atelier-News/1.0")
        request.headers.add(name: "Accept", value: "application/json")
        do {
            let deadline = NIODeadline.now() + .nanoseconds(Self.nanoseconds(timeout))
            let response = try await client().executeOnceMore(request, deadline: deadline)
            guard (200..<300).contains(response.status.code) else {
                throw FeedError.status(Int(response.status.code))
            }
            if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
                throw FeedError.tooLarge(limit: limit)
            }
            var body = ByteBuffer()
            for try await chunk in response.body {
                guard body.readableBytes + chunk.readableBytes <= limit else { throw FeedError.tooLarge(limit: limit) }
                var chunk = chunk
                body.writeBuffer(&chunk)
                guard NIODeadline.now() < deadline else { throw FeedError.timedOut(seconds: seconds) }
            }
            return Data(body.readableBytesView)
        } catch let error as FeedError {
            throw error
        } catch let error as HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout: throw .timedOut(seconds: seconds)
            case .redirectLimitReached, .redirectCycleDetected: throw .tooManyRedirects
            case .invalidURL, .emptyHost, .emptyScheme: throw .badAddress(url.absoluteString)
            default: throw .unreachable(Self.reason(error))
            }
        } catch {
            throw .unreachable(Self.reason(error))
        }
    }

    /// A duration in whole nanoseconds.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }

    /// A short reason for a network error.
    static func reason(_ error: any Error) -> String {
        let text = String(describing: error).lowercased()
        if text.contains("connection refused") || text.contains("econnrefused") { return "the connection was refused" }
        if text.contains("reset") { return "the connection was reset" }
        if text.contains("dns") || text.contains("resolve") || text.contains("name or service") || text.contains("lookup") {
            return "its name does not resolve"
        }
        if text.contains("ssl") || text.contains("tls") || text.contains("certificate") { return "the secure connection failed" }
        if text.contains("closed") || text.contains("eof") { return "the server closed the connection" }
        return "network error"
    }
}
