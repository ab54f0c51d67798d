import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 (or another loopback address), on a free port, for anything a test must fetch: it records each request's
/// head and hands it to `respond`, which writes the response (and says whether the connection may serve another).
///
/// Features build their test servers on it (the downloader's, the news reader's feed server) instead of each
/// binding and serving connections by hand. It holds no test framework, so a benchmark can link it too.
public final class LoopbackServer: Sendable {
    /// Writes the response to one request; returns whether the connection may serve another request.
    public typealias Respond =
        @Sendable (HTTPRequestHead, NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>) async throws -> Bool

    /// The port the server listens on.
    public let port: Int
    /// The loopback address the server listens on.
    public let host: String
    private let channel: any Channel
    private let task: Task<Void, Never>
    private let log = RequestLog()

    /// Starts a server on `host` (a loopback address) answering every request with `respond`.
    public init(host: String = "127.0.0.1", respond: @escaping Respond) async throws {
        self.host = host
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .bind(host: host, port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    // A connection accepted while the server stops can be dropped before it is served. With
                    // `wrappingChannelSynchronously` NIO then stops the process ("Deinited NIOAsyncWriter
                    // without calling finish()", seen under ThreadSanitizer's slower timing); this form
                    // closes such a connection instead. Served connections still close through
                    // `executeThenClose`.
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                        synchronouslyWrapping: channel
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
                        group.addTask { await Self.serve(connection, log: log, respond: respond) }
                    }
                }
            }
        }
    }

    /// The address of `path` on this server.
    public func url(_ path: String) -> String {
        "http://\(host):\(port)\(path)"
    }

    /// The heads of the requests received so far, in order.
    public var requests: [HTTPRequestHead] { log.heads.withLock { $0 } }

    /// The bodies of the requests received so far, in the same order as ``requests``, as UTF-8 text.
    public var bodies: [String] { log.bodies.withLock { $0 } }

    /// Stops listening and drops open connections.
    public func stop() async {
        try? await channel.close()
        task.cancel()
        await task.value
    }

    private static func serve(
        _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>,
        log: RequestLog,
        respond: Respond
    ) async {
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            var body = ByteBuffer()
            for try await part in inbound {
                switch part {
                case .head(let requestHead):
                    head = requestHead
                    body.clear()
                case .body(var chunk): body.writeBuffer(&chunk)
                case .end:
                    guard let request = head else { return }
                    log.heads.withLock { $0.append(request) }
                    log.bodies.withLock { $0.append(String(buffer: body)) }
                    if try await !respond(request, outbound) { return }
                }
            }
        }
    }
}

/// The requests a server received, shared by its connections.
private final class RequestLog: Sendable {
    let heads = Mutex<[HTTPRequestHead]>([])
    let bodies = Mutex<[String]>([])
}
