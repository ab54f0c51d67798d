import Hummingbird

/// Marks a feature's pages as private (`Cache-Control: private, no-store`): the service worker never keeps them for
/// reading offline, as it keeps other pages. For pages that show a signed-in person's data.
public struct PrivatePages<Context: RequestContext>: RouterMiddleware {
    /// The middleware.
    public init() {}

    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var response = try await next(request, context)
        response.headers[.cacheControl] = "private, no-store"
        return response
    }
}
