import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A small HTTP/1.1 server on 127.0.0.1 that serves the cases a downloader must handle, for tests and benchmarks.
///
/// | path | response |
/// |---|---|
/// | `/page.html` | a short HTML page with `Content-Length` |
/// | `/chunked.html` | the same page, chunked, without `Content-Length` |
/// | `/drip?chunks=N&delay=MS&size=B` | N chunks of B bytes, MS milliseconds apart, with `Content-Length` |
/// | `/drip-unknown?…` | the same without `Content-Length` |
/// | `/bytes?size=N` | N bytes (`Content-Length`), written from one shared buffer |
/// | `/redirect?hops=N` | N redirects, then `/page.html` |
/// | `/loop` | a redirect to itself |
/// | `/status?code=N` | status N with a short HTML body |
/// | `/reset` | promises 1000 bytes, sends 100, then closes the connection |
/// | `/stall` | promises 1000 bytes, sends 10, then goes silent |
/// | `/image.png` | a few PNG bytes, `Content-Type: image/png` |
/// | `/ranged?size=N` | N bytes with an `ETag`, honouring `Range` (206, or 416 past the end) |
/// | `/script.html` | a page holding a script, a style and an image |
public final class LoopbackHTTPServer: Sendable {
    /// The port the server listens on.
    public let port: Int
    private let channel: any Channel
    private let task: Task<Void, Never>
    private let log = RequestLog()

    /// The page served at `/page.html`.
    public static let page = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><title>Loopback Page</title></head>
        <body><h1>Hello</h1><p>From the loopback server.</p><a href="/other">Other</a></body></html>
        """

    /// The page served at `/script.html`.
    public static let scriptPage = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><title>Scripted Page</title>
        <style>body { background: red }</style></head>
        <body><h1>Has a script</h1><script>document.title = "pwned"; window.__pwned = true;</script>
        <img src="/image.png" onerror="window.__pwned = true"><p>Plain words.</p></body></html>
        """

    /// Starts a server on a free port.
    public init() async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                        wrappingChannelSynchronously: channel
                    )
                }
            }
        port = server.channel.localAddress?.port ?? 0
        channel = server.channel
        let log = self.log
        task = Task {
            try? await withThrowingDiscardingTaskGroup { group in
                try await server.executeThenClose { connections in
                    for try await connection in connections {
                        group.addTask { await Self.serve(connection, log: log) }
                    }
                }
            }
        }
    }

    /// The address of `path` on this server.
    public func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    /// Each request received so far, as `<path> range=<Range header or ->`.
    public var requests: [String] { log.entries.withLock { $0 } }

    /// Stops listening and drops open connections.
    public func stop() async {
        try? await channel.close()
        task.cancel()
        await task.value
    }

    private static func serve(
        _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>,
        log: RequestLog
    ) async {
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            for try await part in inbound {
                switch part {
                case .head(let requestHead): head = requestHead
                case .body: break
                case .end:
                    guard let request = head else { return }
                    log.entries.withLock { $0.append("\(request.uri) range=\(request.headers.first(name: "Range") ?? "-")") }
                    let keepOpen = try await LoopbackResponder(request: request, outbound: outbound).respond()
                    if !keepOpen { return }
                }
            }
        }
    }
}

/// The requests a server received, shared by its connections.
final class RequestLog: Sendable {
    let entries = Mutex<[String]>([])
}
