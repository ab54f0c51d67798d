import Crypto
import Foundation
import Hummingbird
import Kernel

/// Seals a flash message into its cookie and opens it again, so that a page shows only a flash this host wrote.
///
/// Cookies do not keep ports apart: a page on another port of this machine can set `atelier_flash` for the host, and
/// an unsealed flash would draw its message and its action button (a same-origin form carrying the person's own CSRF
/// token) as if the host had written them. The cookie is the flash as JSON with the time it was made, then their
/// HMAC-SHA256 under the host's secret (the one that signs CSRF tokens); a cookie whose signature does not check, or
/// that is older than ``maxAge``, shows nothing.
struct FlashSeal: Sendable {
    /// How long after a redirect its flash may still be shown: the next page loads at once, even on a slow phone.
    static let maxAge: TimeInterval = 10 * 60

    private let key: SymmetricKey
    private let now: @Sendable () -> Date

    init(secret: [UInt8], now: @escaping @Sendable () -> Date = { Date() }) {
        key = SymmetricKey(data: secret)
        self.now = now
    }

    private struct Sealed: Codable {
        var flash: Flash
        /// Seconds since 1970 when it was sealed.
        var made: Int64
    }

    /// The cookie carrying `flash` to the next page.
    func cookie(for flash: Flash) -> Cookie {
        var kept = flash
        kept.message = Flash.shortened(flash.message, toBytes: Flash.cookieMessageLimit)
        let json = (try? JSONEncoder().encode(Sealed(flash: kept, made: Int64(now().timeIntervalSince1970)))) ?? Data()
        let payload = Base64URL.encode(json)
        let value = payload + "." + Base64URL.encode(signature(of: payload))
        return Cookie(name: Flash.cookieName, value: value, path: "/", httpOnly: true, sameSite: .lax)
    }

    /// The flash in a cookie's value, if this host sealed it less than ``maxAge`` ago; nil otherwise.
    func flash(fromCookie value: String) -> Flash? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let signature = Base64URL.decode(String(parts[1])),
            HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: Data(parts[0].utf8), using: key),
            let json = Base64URL.decode(String(parts[0])),
            let sealed = try? JSONDecoder().decode(Sealed.self, from: json)
        else { return nil }
        let age = now().timeIntervalSince1970 - Double(sealed.made)
        return (-300...Self.maxAge).contains(age) ? sealed.flash : nil
    }

    private func signature(of payload: String) -> HMAC<SHA256>.MAC {
        HMAC<SHA256>.authenticationCode(for: Data(payload.utf8), using: key)
    }
}
