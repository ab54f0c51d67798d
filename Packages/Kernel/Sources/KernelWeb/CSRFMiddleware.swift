import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// Rejects every state-changing request (POST, PUT, PATCH, DELETE) that does not carry this browser's CSRF token,
/// with 403 Forbidden.
///
/// A post that the browser says came from another origin (`Sec-Fetch-Site`, or `Origin`) is refused first. Then it
/// uses the signed double-submit pattern: a token lives in a `SameSite=Lax`, HttpOnly cookie and is repeated
/// in each form as a hidden `_csrf` field (or, for scripts, an `X-CSRF-Token` header). Another site can make a
/// browser send the cookie, but cannot read it to fill in the field.
///
/// The token is a random nonce followed by its HMAC-SHA256 under the host's secret (kept in the data directory, so
/// tokens outlive a restart). A cookie planted by someone else (a page on another port of this machine can set
/// cookies for it: cookies do not keep ports apart) cannot carry a valid signature, so it is replaced by a genuine
/// token on the next page and never accepted with a form.
public struct CSRFMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext

    /// The file in the data directory that holds the signing secret.
    public static let secretName = "csrf-secret"

    private let key: SymmetricKey

    /// A CSRF middleware signing its tokens with `secret` (32 random bytes, see
    /// `DataDirectory.secret(named:byteCount:)`).
    public init(secret: [UInt8]) {
        key = SymmetricKey(data: secret)
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
        let existing = request.cookie(Self.cookieName)
        let genuine = existing.flatMap { isGenuine($0) ? $0 : nil }
        let token = genuine ?? makeToken()
        context.csrfToken = token

        var request = request
        if Self.isStateChanging(request.method) {
            // A browser says where a form came from: another site, or another port of this machine (which could have
            // planted the cookie: cookies do not keep ports apart), is refused whatever token it carries.
            guard Self.isSameOrigin(request) else {
                throw HTTPError(.forbidden, message: "This form came from another site, so it was not accepted.")
            }
            guard let existing = genuine else {
                throw HTTPError(.forbidden, message: "This form has expired. Go back, reload the page and try again.")
            }
            let submitted: String?
            if let header = request.headers[Self.headerName] {
                submitted = header
            } else if request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true {
                let body = try await request.collectBody(upTo: 1 << 20)
                submitted = FormData(String(buffer: body))[Self.fieldName]
            } else {
                submitted = nil
            }
            guard let submitted, Self.constantTimeEquals(submitted, existing) else {
                throw HTTPError(.forbidden, message: "This form has expired. Go back, reload the page and try again.")
            }
        }

        var response = try await next(request, context)
        if genuine != token {
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

    static func isStateChanging(_ method: HTTPRequest.Method) -> Bool {
        method == .post || method == .put || method == .patch || method == .delete
    }

    /// A fresh token: 16 random bytes and their signature, as 96 lowercase hex digits.
    func makeToken() -> String {
        let nonce = Self.randomHex(wordCount: 2)
        return nonce + Self.hex(HMAC<SHA256>.authenticationCode(for: Array(nonce.utf8), using: key))
    }

    /// Whether `token` is one this host made: 96 lowercase hex digits whose last 64 sign the first 32.
    func isGenuine(_ token: String) -> Bool {
        let utf8 = Array(token.utf8)
        guard utf8.count == 96, utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return false }
        let signature = HMAC<SHA256>.authenticationCode(for: utf8[0..<32], using: key)
        return Self.constantTimeEquals(Self.hex(signature), String(decoding: utf8[32...], as: UTF8.self))
    }

    /// `wordCount` random 64-bit draws from the system generator as lowercase hex digits (16 per word).
    static func randomHex(wordCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: wordCount * 16) { buffer in
            for word in 0..<wordCount {
                var value = generator.next()
                for nibble in 0..<16 {
                    buffer[word * 16 + nibble] = digits[Int(value & 0xF)]
                    value >>= 4
                }
            }
            return wordCount * 16
        }
    }

    private static func hex(_ code: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in code {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
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
