import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 for the reader's tests: it serves whatever response a test sets for a path,
/// and records every request it receives (the analytics hits among them).
final class FeedServer: Sendable {
    /// What the server answers on one path.
    struct Answer: Sendable {
        var status: Int = 200
        var headers: [(String, String)] = [("Content-Type", "application/json")]
        var body: Data = Data()
        /// A pause before answering.
        var delay: Duration = .zero

        static func json(_ text: String) -> Answer { Answer(body: Data(text.utf8)) }
    }

    let port: Int
    private let channel: any Channel
    private let task: Task<Void, Never>
    private let state = State()

    /// The answers and the requests, shared by the connections.
    final class State: Sendable {
        let value = Mutex<(answers: [String: Answer], requests: [String])>(([:], []))

        func withLock<T>(_ body: (inout (answers: [String: Answer], requests: [String])) -> T) -> T {
            value.withLock { body(&$0) }
        }
    }

    init() async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: channel)
                }
            }
        port = server.channel.localAddress?.port ?? 0
        channel = server.channel
        task = Task { [state] in
            try? await withThrowingDiscardingTaskGroup { group in
                try await server.executeThenClose { connections in
                    for try await connection in connections {
                        group.addTask { await Self.serve(connection, state: state) }
                    }
                }
            }
        }
    }

    /// The address of `path` on this server.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Answers `path` (without its query) with `answer` from now on.
    func set(_ path: String, _ answer: Answer) {
        state.withLock { $0.answers[path] = answer }
    }

    /// Every request received so far, as its path and query.
    var requests: [String] { state.withLock { $0.requests } }

    /// The requests to `path`, as their query items.
    func hits(_ path: String) -> [[String: String]] {
        requests.filter { $0.hasPrefix(path) }.map { uri in
            let items = URLComponents(string: uri)?.queryItems ?? []
            return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Stops listening and drops open connections.
    func stop() async {
        try? await channel.close()
        task.cancel()
        await task.value
    }

    private static func serve(
        _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>,
        state: State
    ) async {
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            for try await part in inbound {
                switch part {
                case .head(let requestHead): head = requestHead
                case .body: break
                case .end:
                    guard let request = head else { return }
                    let path = String(request.uri.prefix { $0 != "?" })
                    let answer = state.withLock { state in
                        state.requests.append(request.uri)
                        return state.answers[path] ?? Answer(status: 404, body: Data("not found".utf8))
                    }
                    if answer.delay > .zero { try await Task.sleep(for: answer.delay) }
                    var headers = HTTPHeaders(answer.headers)
                    headers.replaceOrAdd(name: "Content-Length", value: String(answer.body.count))
                    let status = HTTPResponseStatus(statusCode: answer.status)
                    try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)))
                    try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: answer.body))))
                    try await outbound.write(.end(nil))
                }
            }
        }
    }
}
