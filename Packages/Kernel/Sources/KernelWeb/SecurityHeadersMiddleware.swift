import HTTPTypes
import Hummingbird

/// The Content-Security-Policy of every page: only the app's own scripts and styles (no inline script, nothing from
/// other sites), no framing, forms posting only here.
public enum ContentSecurityPolicy {
    /// The policy every response gets unless its route set one from here: images from this host only.
    public static let standard = policy(images: "'self' data:")

    /// The standard policy but for images, which may also come from `sources` (such as `https:`): for a page that
    /// shows pictures from a source the operator configured. Scripts stay the app's own.
    public static func allowingImages(from sources: [String]) -> String {
        policy(images: (["'self'", "data:"] + sources).joined(separator: " "))
    }

    private static func policy(images: String) -> String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src \(images); "
            + "connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'"
    }
}

/// Adds headers that keep pages safe even if some text slipped through unescaped: the ``ContentSecurityPolicy``
/// (the standard one unless the route chose one of its forms), no content-type sniffing, no referrer to other sites;
/// and `Cache-Control: no-store` on every response whose route did not choose its caching (only the static assets,
/// the built-in images, the calendar feed and the event stream do): pages carry a person's data, and after Logout the
/// browser's Back must not show them again from its cache.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// The fields, made (and their values checked) once rather than on every response.
    private static let standardPolicy = HTTPField(name: .contentSecurityPolicy, value: ContentSecurityPolicy.standard)
    private static let noSniffing = HTTPField(name: .xContentTypeOptions, value: "nosniff")
    private static let sameOriginReferrer = HTTPField(name: HTTPField.Name("Referrer-Policy")!, value: "same-origin")
    private static let noStore = HTTPField(name: .cacheControl, value: "no-store")

    func handle(
        _ request: Request,
        context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        if response.headers[.contentSecurityPolicy] == nil { response.headers.append(Self.standardPolicy) }
        response.headers[fields: .xContentTypeOptions] = [Self.noSniffing]
        response.headers[fields: Self.sameOriginReferrer.name] = [Self.sameOriginReferrer]
        if response.headers[.cacheControl] == nil { response.headers.append(Self.noStore) }
        return response
    }
}
