import AssignmentTracker
import AsyncHTTPClient
import Foundation
import KernelHTTPClient
import NIOCore

/// Talks to the calendar server with AsyncHTTPClient: no redirects followed (a calendar that moved is a
/// configuration to fix), 10 seconds per request, the response's body read and dropped. A request a kept-alive
/// connection let down before its answer is sent once more (a PUT or DELETE is safe to repeat).
struct HTTPCalendarTransport: CalendarTransport {
    let client: @Sendable () -> HTTPClient

    /// How the calendar's client is configured.
    static var configuration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(10))
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }

    /// A client configured for the calendar; its owner shuts it down.
    static func makeClient() -> HTTPClient {
        HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func send(method: String, url: URL, headers: [(String, String)], body: Data?) async throws -> (status: Int, etag: String?) {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .init(rawValue: method)
        request.headers.add(name: "User-Agent", value: "Atelier-Assignments/1.0")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client().executeOnceMore(request, deadline: .now() + .seconds(10))
        _ = try await response.body.collect(upTo: 1 << 20)
        return (Int(response.status.code), response.headers.first(name: "ETag"))
    }
}
