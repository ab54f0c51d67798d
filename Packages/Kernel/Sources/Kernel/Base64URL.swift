import Foundation

/// Base64url without padding (RFC 4648 §5): the house's one way to write bytes into a cookie, a URL or a header — the
/// CSRF token, the flash cookie, a session token, Web Push keys and a JWT's parts.
public enum Base64URL {
    /// `bytes` as base64url text, unpadded.
    public static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of base64url (or base64) text, padded or not; nil when it is not.
    public static func decode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard base64.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "/" || $0 == "=" }) else { return nil }
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }

    /// `count` bytes from the system's secure random generator, as base64url text: a token no one can guess.
    public static func randomToken(byteCount count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return encode((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
}
