import Foundation
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
///
/// Every cookie any route sets is marked `Secure` when the page came over HTTPS — the host's own TLS, or a reverse
/// proxy that says so (`X-Forwarded-Proto: https`, `Forwarded: proto=https`) — so a browser never sends a session or
/// a token back over plain HTTP. It is done here, on every response, so that no route can set a cookie without it.
/// (Taking a proxy's word is safe for this one use: `Secure` only narrows where a browser sends a cookie.)
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// Whether the host itself serves HTTPS: every cookie is `Secure` then, whatever the request says.
    let servesHTTPS: Bool

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
        if response.headers[.setCookie] != nil && (servesHTTPS || Self.cameOverHTTPS(request)) {
            response.headers[values: .setCookie] = response.headers[values: .setCookie].map(Self.secure)
        }
        return response
    }

    /// `cookie` (a `Set-Cookie` value) with the `Secure` attribute, added unless it has it.
    static func secure(_ cookie: String) -> String {
        let attributes = cookie.split(separator: ";").dropFirst()
        if attributes.contains(where: { $0.trimmingCharacters(in: .whitespaces).lowercased() == "secure" }) { return cookie }
        return cookie + "; Secure"
    }

    /// Whether a reverse proxy in front of the host says the browser reached it over HTTPS.
    static func cameOverHTTPS(_ request: Request) -> Bool {
        if let proto = request.headers[HTTPField.Name("X-Forwarded-Proto")!] {
            return proto.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
        }
        if let forwarded = request.headers[HTTPField.Name("Forwarded")!] {
            let first = forwarded.split(separator: ",").first ?? ""
            return first.split(separator: ";").contains {
                $0.trimmingCharacters(in: .whitespaces).lowercased() == "proto=https"
            }
        }
        return false
    }
}
