import HTTPTypes
import Hummingbird

/// Answers `HEAD` on every `GET` route (link checkers, `curl -I`, monitoring) with the headers the `GET` would send and
/// no body. It wraps the router's responder, because the router chooses a route by the method before any of its
/// middleware runs.
struct HeadResponderBuilder<Inner: HTTPResponderBuilder>: HTTPResponderBuilder {
    let inner: Inner

    func buildResponder() -> HeadResponder<Inner.Responder> {
        HeadResponder(inner: inner.buildResponder())
    }
}

/// The responder of ``HeadResponderBuilder``.
struct HeadResponder<Inner: HTTPResponder>: HTTPResponder {
    let inner: Inner

    func respond(to request: Request, context: Inner.Context) async throws -> Response {
        guard request.method == .head else { return try await inner.respond(to: request, context: context) }
        var head = request.head
        head.method = .get
        var response = try await inner.respond(to: Request(head: head, body: request.body), context: context)
        let length = response.body.contentLength
        response.body = ResponseBody()
        if let length { response.headers[.contentLength] = String(length) }
        return response
    }
}
