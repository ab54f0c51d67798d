import Foundation
import KernelLoopback
import NIOCore
import NIOHTTP1
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
        /// Holds the answer until ``FeedServer/release()`` (or two minutes), after any delay.
        var held = false

        static func json(_ text: String) -> Answer { Answer(body: Data(text.utf8)) }
    }

    private let server: LoopbackServer
    private let answers: Answers

    /// The answers set so far, shared with the server's connections.
    final class Answers: Sendable {
        let byPath = Mutex<[String: Answer]>([:])
        let released = Atomic<Bool>(false)
    }

    init() async throws {
        let answers = Answers()
        self.answers = answers
        server = try await LoopbackServer { request, outbound in
            let path = String(request.uri.prefix { $0 != "?" })
            let answer = answers.byPath.withLock { $0[path] } ?? Answer(status: 404, body: Data("not found".utf8))
            if answer.delay > .zero { try await Task.sleep(for: answer.delay) }
            if answer.held {
                let clock = ContinuousClock()
                let end = clock.now + .seconds(120)
                while !answers.released.load(ordering: .relaxed), clock.now < end { try await Task.sleep(for: .milliseconds(10)) }
            }
            var headers = HTTPHeaders(answer.headers)
            headers.replaceOrAdd(name: "Content-Length", value: String(answer.body.count))
            let status = HTTPResponseStatus(statusCode: answer.status)
            try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)))
            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: answer.body))))
            try await outbound.write(.end(nil))
            return true
        }
    }

    /// The address of `path` on this server.
    func url(_ path: String) -> String { server.url(path) }

    /// Answers `path` (without its query) with `answer` from now on.
    func set(_ path: String, _ answer: Answer) {
        answers.byPath.withLock { $0[path] = answer }
    }

    /// Lets every held answer go, now and from now on.
    func release() {
        answers.released.store(true, ordering: .relaxed)
    }

    /// Every request received so far, as its path and query.
    var requests: [String] { server.requests.map(\.uri) }

    /// The requests to `path`, as their query items.
    func hits(_ path: String) -> [[String: String]] {
        requests.filter { $0.hasPrefix(path) }.map { uri in
            let items = URLComponents(string: uri)?.queryItems ?? []
            return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Stops listening and drops open connections.
    func stop() async {
        await server.stop()
    }
}
