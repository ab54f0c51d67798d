import Hummingbird

/// Marks a feature's pages as private (`Cache-Control: private, no-store`): the service worker never keeps them for
/// reading offline, as it keeps other pages. For pages that show a signed-in person's data.
public struct PrivatePages<Context: RequestContext>: RouterMiddleware {
    /// The middleware.
    public init() {}

    /// What a private page's `Cache-Control` says: `private, no-store`.
    public static var cacheControl: String { "private, no-store" }

    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var response = try await next(request, context)
        response.headers[.cacheControl] = Self.cacheControl
        return response
    }
}
