import Foundation
import KernelLoopback
import NIOCore
import NIOHTTP1
import Synchronization

/// A real HTTP server on loopback serving an image list: whatever status and body the test sets.
final class ImageListServer: Sendable {
    private let server: LoopbackServer
    private let answer: Answer

    /// The answer, shared with the server's connections.
    final class Answer: Sendable {
        let value: Mutex<(status: Int, body: String)>
        init(_ status: Int, _ body: String) { value = Mutex((status, body)) }
    }

    init(status: Int = 200, body: String) async throws {
        let answer = Answer(status, body)
        self.answer = answer
        server = try await LoopbackServer { _, outbound in
            let (status, body) = answer.value.withLock { $0 }
            let headers = HTTPHeaders([("Content-Type", "application/json"), ("Content-Length", String(body.utf8.count))])
            let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: headers)
            try await outbound.write(.head(head))
            try await outbound.write(.body(.byteBuffer(ByteBuffer(string: body))))
            try await outbound.write(.end(nil))
            return true
        }
    }

    /// The list's address.
    var url: String { server.url("/list.json") }

    /// Answers with `status` and `body` from now on.
    func set(status: Int, body: String) { answer.value.withLock { $0 = (status, body) } }

    func stop() async { await server.stop() }
}
