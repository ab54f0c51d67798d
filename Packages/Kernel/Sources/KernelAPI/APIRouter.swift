import HTTPTypes
import Hummingbird
import Logging
import OpenAPIRuntime
import Synchronization

/// Where a feature's generated API operations are registered (`registerHandlers(on:)`): on the host's `/api/v1`
/// group, each at its path and method. Once they are, ``refuseOtherMethods()`` answers any other method at those
/// paths with 405 and the `Allow` header, as HTTP asks, instead of 404.
public final class APIRouter<Context: RequestContext>: ServerTransport, Sendable {
    private let routes: RouterGroup<Context>
    private let methods = Mutex<[String: [HTTPRequest.Method]]>([:])

    /// QUERY, a safe method with a body (an IETF draft), which clients have begun to send.
    private static var query: HTTPRequest.Method { HTTPRequest.Method("QUERY")! }

    /// The most bytes a request's body may hold (the pages' forms take as much).
    public static var maxBodyBytes: Int { 1 << 20 }

    /// A router registering on `routes`.
    public init(_ routes: RouterGroup<Context>) {
        self.routes = routes
    }

    /// Registers one operation. Its answer is sent as one buffer (the head and the body in one write: the JSON API's
    /// answers are small, and a streamed body cost a third of a list's speed).
    public func register(
        _ handler: @Sendable @escaping (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        routes.on(RouterPath(path), method: method) { request, context in
            var request = request
            // Read whole, up to the pages' own limit: more is refused with 413 before anything decodes it.
            let sent = try await request.collectBody(upTo: Self.maxBodyBytes)
            let body = HTTPBody(Array(sent.readableBytesView))
            var parameters: [String: Substring] = [:]
            for (key, value) in context.parameters { parameters[String(key)] = parameters[String(key)] ?? value }
            let (head, answer) = try await handler(request.head, body, ServerRequestMetadata(pathParameters: parameters))
            var bytes = ByteBuffer()
            if let answer { bytes.writeBytes(try await ArraySlice(collecting: answer, upTo: .max)) }
            return Response(status: head.status, headers: head.headerFields, body: .init(byteBuffer: bytes))
        }
        methods.withLock { $0[path, default: []].append(method) }
    }

    /// Answers 405 for every method the operations registered so far do not take at their paths (`HEAD` is taken
    /// wherever `GET` is).
    public func refuseOtherMethods() {
        let known: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options, .trace, .connect, Self.query]
        for (path, taken) in methods.withLock({ $0 }) {
            let allowed = taken.contains(.get) ? taken + [.head] : taken
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            for method in known where !allowed.contains(method) {
                routes.on(RouterPath(path), method: method) { _, _ -> Response in
                    throw HTTPError(
                        .methodNotAllowed,
                        headers: [.allow: allow],
                        message: "This address takes \(allow), not \(method.rawValue)."
                    )
                }
            }
        }
    }
}

extension APIRouter {
    /// Mounts a feature's generated operations on `routes` (the `/api/v1` group): `register` is the generated
    /// `registerHandlers(on:configuration:middlewares:)`, given the router, ``APIConfiguration/standard``, and the
    /// middlewares every operation runs in (problems, and `reads` when the feature keeps its answers to reads).
    /// Other methods at the same paths then answer 405.
    public static func mount(
        on routes: RouterGroup<Context>,
        logger: Logger,
        reads: APIReadCache? = nil,
        _ register: (APIRouter, Configuration, [any ServerMiddleware]) throws -> Void
    ) {
        let router = APIRouter(routes)
        let middlewares: [any ServerMiddleware] = [APIProblemMiddleware(logger: logger)] + (reads.map { [$0] } ?? [])
        // Registering fails only for an invalid server URL, and the generated code's is "/".
        try! register(router, APIConfiguration.standard, middlewares)
        router.refuseOtherMethods()
    }
}
