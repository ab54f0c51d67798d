import Hummingbird

/// Reads a request's cookies once, with Hummingbird's parser, for every middleware and route after it
/// (``AppRequestContext/cookie(_:)``): a page asks for three or four of them (the CSRF token, the flash, a session).
struct RequestCookiesMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(
        _ request: Request,
        context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.cookies = request.cookies
        return try await next(request, context)
    }
}

extension AppRequestContext {
    /// The value of the request's cookie `name`, if it sent one.
    public func cookie(_ name: String) -> String? {
        cookies[name]?.value
    }
}
