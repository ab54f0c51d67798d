import Foundation
import HTTPTypes
import Hummingbird
import Kernel
import KernelHTML

/// Who may use the host, checked before anything else answers (pages, static files, live events, the inbox).
///
/// - Without a token (the default, listening on loopback only): anyone on this machine, but only by a loopback name.
///   A request whose `Host` header names anything else (`evil.example` resolving to 127.0.0.1: DNS rebinding) is
///   refused with 403, so another site can never read a page or its CSRF token through the browser.
/// - With a token (always when listening beyond loopback): every request proves it knows the token, by a
///   `?token=` in the address (which sets an HttpOnly session cookie and redirects to the address without it; a
///   calendar feed, `….ics`, is answered at once, since calendar apps keep no cookies), by
///   that cookie, or by an `Authorization: Bearer` header. Anything else gets 401 with a short explanation and a
///   field to paste the token into; nothing private is on that page.
public struct AccessPolicy: Sendable, Equatable {
    /// The token every request must prove, or nil for loopback-only access.
    public var token: String?

    /// The cookie that carries the token once a browser has given it.
    public static let cookieName = "atelier_access"

    /// A policy requiring `token`, or none.
    public init(token: String?) {
        self.token = token
    }

    /// The policy for a host listening on `address`: loopback-only without a token; anything else with
    /// `configuredToken`, or a fresh random one when none was configured.
    public static func forListening(on address: String, configuredToken: String?) -> AccessPolicy {
        if let configuredToken { return AccessPolicy(token: configuredToken) }
        return isLoopbackAddress(address) ? AccessPolicy(token: nil) : AccessPolicy(token: Base64URL.randomToken(byteCount: 32))
    }

    /// Whether a configured token is usable: 16 to 256 characters that an address carries as they are (letters,
    /// digits, `-`, `_`, `.`, `~`).
    public static func isUsableToken(_ token: String) -> Bool {
        (16...256).contains(token.utf8.count)
            && token.utf8.allSatisfy { byte in
                (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: "~")
            }
    }

    /// Whether listening on `address` keeps the host on this machine: `localhost`, 127.0.0.0/8 or `::1`.
    public static func isLoopbackAddress(_ address: String) -> Bool {
        let name = address.lowercased()
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, name, &v6) == 1 {
            let bytes = withUnsafeBytes(of: v6) { Array($0) }
            if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
            // ::ffff:127.x.x.x
            return bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
        }
        return false
    }

    /// The name in a `Host` header (`name`, `name:port`, `[v6]` or `[v6]:port`), without its port and brackets.
    static func hostName(_ header: String) -> String {
        if header.hasPrefix("[") {
            return String(header.dropFirst().prefix { $0 != "]" })
        }
        return String(header.prefix { $0 != ":" })
    }
}

/// Enforces an ``AccessPolicy`` on every request.
struct AccessMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let policy: AccessPolicy
    /// The shell's stylesheet: the page asking for the token uses it, so it is served without the token too.
    let stylesheet: String

    /// The files served without the token besides the stylesheet, which hold nothing of anyone's: the app's name and
    /// icons, which a phone's browser fetches without cookies when it installs the app or shows a notification.
    static let openFiles: Set<String> = [
        "/manifest.webmanifest", "/static/icon.svg", "/static/icon-192.png", "/static/icon-512.png",
        "/static/icon-maskable-512.png", "/static/apple-touch-icon.png",
    ]

    func handle(
        _ request: Request,
        context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        guard let token = policy.token else {
            if let authority = request.head.authority, !AccessPolicy.isLoopbackAddress(AccessPolicy.hostName(authority)) {
                return page(
                    status: .forbidden,
                    title: "Not this address",
                    text: "This Atelier answers only to addresses of this machine, such as http://127.0.0.1 or "
                        + "http://localhost. Open it by one of those.",
                    askForToken: false
                )
            }
            return try await next(request, context)
        }
        if let cookie = context.cookie(AccessPolicy.cookieName), CSRFMiddleware.constantTimeEquals(cookie, token) {
            return try await next(request, context)
        }
        if request.method == .get, request.uri.query == nil,
            request.uri.path == stylesheet || Self.openFiles.contains(request.uri.path)
                || request.uri.path.hasPrefix("/icons/")
        {
            return try await next(request, context)
        }
        if let authorization = request.headers[.authorization], authorization.hasPrefix("Bearer "),
            CSRFMiddleware.constantTimeEquals(String(authorization.dropFirst(7)), token)
        {
            return try await next(request, context)
        }
        if request.method == .get || request.method == .head, let given = request.uri.queryParameters["token"] {
            if CSRFMiddleware.constantTimeEquals(String(given), token) {
                // A calendar subscription (`….ics?token=…`) is answered as it is: a calendar app keeps no cookie, so a
                // redirect to the address without the token would only ask it for the token again.
                if request.uri.path.hasSuffix(".ics") { return try await next(request, context) }
                // One leading slash: `//host` or `/\host` would send the browser to another site.
                let path = "/" + request.uri.path.drop { $0 == "/" || $0 == "\\" }
                var response = Response(status: .seeOther, headers: [.location: path])
                response.setCookie(Cookie(name: AccessPolicy.cookieName, value: token, path: "/", httpOnly: true, sameSite: .lax))
                return response
            }
            return page(
                status: .unauthorized,
                title: "Wrong access token",
                text: "That is not this Atelier's access token. Copy the address it printed when it started, or the "
                    + "token from its config file.",
                askForToken: true
            )
        }
        return page(
            status: .unauthorized,
            title: "Access token needed",
            text: "This Atelier can be reached from the network, so it asks for its access token. Open the address it "
                + "printed when it started (it ends in ?token=…), or enter the token here.",
            askForToken: true
        )
    }

    /// A page that names the problem and shows nothing of the host's data.
    func page(status: HTTPResponse.Status, title: String, text: String, askForToken: Bool) -> Response {
        let form: HTML = """
            <form class="card" method="get" action="/"><div class="field"><label for="token">Access token</label>\
            <input id="token" name="token" type="password" autocomplete="off" required></div>\
            <div class="field"><button class="button" type="submit">Open</button></div></form>
            """
        let html: HTML = """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1">\
            <title>\(title) · Atelier</title><link rel="stylesheet" href="\(url: stylesheet)"></head>\
            <body><main id="main"><h1>\(title)</h1><p>\(text)</p>\
            \(if: askForToken, form)</main></body></html>
            """
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer realm=\"atelier\"" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: html.bytes)))
    }
}
