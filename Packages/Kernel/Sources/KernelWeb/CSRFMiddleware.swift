import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Kernel

/// Rejects every state-changing request (POST, PUT, PATCH, DELETE) that does not carry this browser's CSRF token,
/// with 403 Forbidden.
///
/// A post that the browser says came from another origin (`Sec-Fetch-Site`, or `Origin`) is refused first. Then it
/// uses the signed double-submit pattern: a token lives in a `SameSite=Lax`, HttpOnly cookie and is repeated
/// in each form as a hidden `_csrf` field (or, for scripts, an `X-CSRF-Token` header). Another site can make a
/// browser send the cookie, but cannot read it to fill in the field. A JSON API request (`/api/…`) with an
/// `Authorization` header needs no token (see ``isScriptedAPIRequest(_:)``).
///
/// The token is a random nonce and the time it was made, followed by their HMAC-SHA256 under the host's secret (kept
/// in the data directory, so tokens outlive a restart), in base64url. A cookie planted by someone else (a page on
/// another port of this machine can set cookies for it: cookies do not keep ports apart) cannot carry a valid
/// signature, so it is replaced by a genuine token on the next page and never accepted with a form. A token is good
/// for ``maxAge`` (a week), so one that leaked (a saved page holds it) does not stay usable; a page renews it once it
/// is a day old.
public struct CSRFMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext

    /// The file in the data directory that holds the signing secret.
    public static let secretName = "csrf-secret"

    /// How long a token is accepted after it was made.
    public static let maxAge: TimeInterval = 7 * 24 * 3600
    /// How old a token gets before a request hands out a fresh one.
    static let renewAfter: TimeInterval = 24 * 3600

    /// An HMAC-SHA256 keyed with the host's secret, copied for each token signed or checked: keying one (padding the
    /// secret, hashing the two pads) cost more than signing the token's 24 bytes, on every page a browser asks for.
    private let keyed: HMAC<SHA256>
    private let now: @Sendable () -> Date

    /// A CSRF middleware signing its tokens with `secret` (32 random bytes, see
    /// `DataDirectory.secret(named:byteCount:)`).
    public init(secret: [UInt8]) {
        self.init(secret: secret, now: { Date() })
    }

    /// The same, reading the time from `now` (for tests).
    init(secret: [UInt8], now: @escaping @Sendable () -> Date) {
        keyed = HMAC(key: SymmetricKey(data: secret))
        self.now = now
    }

    /// The cookie holding the token.
    public static let cookieName = "atelier_csrf"
    /// The form field holding the token.
    public static let fieldName = "_csrf"
    /// The header scripts may use instead of the field.
    public static let headerName = HTTPField.Name("X-CSRF-Token")!

    public func handle(
        _ request: Request,
        context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        let existing = context.cookie(Self.cookieName)
        let time = now()
        let existingAge = existing.flatMap { age(of: $0, at: time) }
        let genuine = existingAge == nil ? nil : existing
        let token: String
        if let genuine, let existingAge, existingAge < Self.renewAfter {
            token = genuine
        } else {
            token = makeToken(at: time)
        }
        context.csrfToken = token

        var request = request
        if Self.isStateChanging(request.method) && !Self.isScriptedAPIRequest(request) {
            // A browser says where a form came from: another site, or another port of this machine (which could have
            // planted the cookie: cookies do not keep ports apart), is refused whatever token it carries.
            guard Self.isSameOrigin(request) else {
                throw HTTPError(.forbidden, message: "This form came from another site, so it was not accepted.")
            }
            let refusal =
                request.uri.path.hasPrefix("/api/")
                ? "A change through the API carries an Authorization header, or the page's CSRF token in X-CSRF-Token."
                : "This form has expired. Go back, reload the page and try again."
            guard let existing = genuine else { throw HTTPError(.forbidden, message: refusal) }
            let submitted: String?
            if let header = request.headers[Self.headerName] {
                submitted = header
            } else if request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true {
                let body = try await request.collectBody(upTo: 1 << 20)
                let form = FormData(String(buffer: body))
                context.postedForm = (form, body.readableBytes)
                submitted = form[Self.fieldName]
            } else {
                submitted = nil
            }
            guard let submitted, Self.constantTimeEquals(submitted, existing) else {
                throw HTTPError(.forbidden, message: refusal)
            }
        }

        var response = try await next(request, context)
        // A program's API request (it carries Authorization) has no page to fill in: it is given no token cookie.
        if existing != token && !Self.isScriptedAPIRequest(request) {
            response.setCookie(
                Cookie(name: Self.cookieName, value: token, path: "/", httpOnly: true, sameSite: .lax)
            )
        }
        return response
    }

    /// Whether the browser's own word on where `request` came from (`Sec-Fetch-Site`, else `Origin`) says this very
    /// origin, or it says nothing (a script or an old browser: the token alone decides).
    static func isSameOrigin(_ request: Request) -> Bool {
        if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!] {
            return site == "same-origin" || site == "none"
        }
        guard let origin = request.headers[HTTPField.Name("Origin")!] else { return true }
        guard origin != "null", let authority = request.head.authority else { return false }
        return origin.lowercased() == "http://\(authority.lowercased())" || origin.lowercased() == "https://\(authority.lowercased())"
    }

    /// Whether `request` is a JSON API request carrying an `Authorization` header: a page on another site cannot make
    /// a browser send one (it would need a CORS preflight, which this host never grants), so such a request is a
    /// program's own, and the access middleware has checked the token already when the host has one.
    static func isScriptedAPIRequest(_ request: Request) -> Bool {
        request.headers[.authorization] != nil && request.uri.path.hasPrefix("/api/")
    }

    static func isStateChanging(_ method: HTTPRequest.Method) -> Bool {
        method == .post || method == .put || method == .patch || method == .delete
    }

    /// A fresh token made at `time`: 16 random bytes and the time in seconds (8 bytes, big-endian), then their
    /// HMAC-SHA256, in base64url (75 characters).
    func makeToken(at time: Date) -> String {
        var signed = Base64URL.randomBytes(16)
        withUnsafeBytes(of: UInt64(max(0, time.timeIntervalSince1970)).bigEndian) { signed.append(contentsOf: $0) }
        return Base64URL.encode(signed + signature(of: signed))
    }

    /// The HMAC-SHA256 of `bytes` under the host's secret.
    private func signature<Bytes: DataProtocol>(of bytes: Bytes) -> HashedAuthenticationCode<SHA256> {
        var mac = keyed
        mac.update(data: bytes)
        return mac.finalize()
    }

    /// The age of `token` at `time` if it is one this host made and it is still good: its signature checks, and it was
    /// made at most ``maxAge`` ago (and not in the future, give or take five minutes of clock change); nil otherwise.
    func age(of token: String, at time: Date) -> TimeInterval? {
        // One spelling only: the text this host wrote (base64 leaves two bits of the last character unread).
        guard token.utf8.count == 75, Base64URL.isCanonical(token), let bytes = Base64URL.decode(token),
            signature(of: bytes.prefix(24)) == bytes.suffix(32)  // swift-crypto's comparison, in constant time
        else { return nil }
        let seconds = bytes.dropFirst(16).prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let age = time.timeIntervalSince1970 - Double(seconds)
        return (-300...Self.maxAge).contains(age) ? max(0, age) : nil
    }

    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
