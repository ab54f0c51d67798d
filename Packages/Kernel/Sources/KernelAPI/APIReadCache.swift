import HTTPTypes
import Kernel
import OpenAPIRuntime

/// The answers to an API's reads (GET, by person, path and query), kept as the bytes sent until the feature's data changes:
/// a feature lists ``kept`` among its caches, so the host forgets them on its change events, as it does the pages'
/// lists. Encoding a page of a hundred tasks as JSON cost ten times what sending it does. Failures (5xx, or an
/// error thrown as a problem) are not kept.
public struct APIReadCache: ServerMiddleware {
    /// An answer as it was sent.
    public struct Answer: Sendable {
        var response: HTTPResponse
        var bytes: [UInt8]
    }

    /// The kept answers.
    public let kept: CachedValues<String, Answer>

    /// A cache keeping at most `limit` answers.
    public init(limit: Int = 256) {
        kept = CachedValues(limit: limit)
    }

    /// A failure that goes back to the client as it is, not kept.
    private struct NotKept: Error {
        var response: HTTPResponse
        var body: HTTPBody?
    }

    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard request.method == .get, let path = request.path else { return try await next(request, body, metadata) }
        do {
            // Each person's own: one person's answer is never another's.
            let answer = try await kept.value(for: "\(APIRequest.person)\n\(path)") {
                let (response, body) = try await next(request, body, metadata)
                guard response.status.code < 500 else { throw NotKept(response: response, body: body) }
                var bytes: [UInt8] = []
                if let body { bytes = try await [UInt8](collecting: body, upTo: 64 << 20) }
                return Answer(response: response, bytes: bytes)
            }
            return (answer.response, HTTPBody(answer.bytes))
        } catch let failure as NotKept {
            return (failure.response, failure.body)
        }
    }
}
