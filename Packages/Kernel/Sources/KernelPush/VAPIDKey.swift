import Crypto
import Foundation
import Kernel

/// The host's VAPID key pair (RFC 8292): browsers subscribe with its public half, and each push carries a token
/// signed with its private half, so a push service accepts pushes for a subscription from this host only.
public struct VAPIDKey: Sendable {
    /// The private key's 32 bytes (the key type itself is not `Sendable`).
    private let rawKey: Data

    private var privateKey: P256.Signing.PrivateKey {
        // Made from bytes it was made from or checked with: it cannot fail.
        try! P256.Signing.PrivateKey(rawRepresentation: rawKey)
    }

    /// A new key pair.
    public init() {
        rawKey = P256.Signing.PrivateKey().rawRepresentation
    }

    /// The key pair whose private key is `base64url` (the 32-byte scalar, as ``privateKeyText`` gives it).
    public init?(privateKey base64url: String) {
        guard let bytes = Base64URL.decode(base64url), let key = try? P256.Signing.PrivateKey(rawRepresentation: bytes)
        else { return nil }
        rawKey = key.rawRepresentation
    }

    /// The private key as base64url text, to keep.
    public var privateKeyText: String { Base64URL.encode(privateKey.rawRepresentation) }

    /// The public key as browsers take it (`applicationServerKey`): the uncompressed point, base64url.
    public var publicKeyText: String { Base64URL.encode(privateKey.publicKey.x963Representation) }

    /// The `Authorization` header for a push to `endpoint`: `vapid t=<JWT>,k=<public key>` (as the push libraries write it), the token's audience the
    /// push service's origin, its expiry `lifetime` seconds after `now` (at most 24 hours), its subject `subject`.
    public func authorization(
        for endpoint: URL,
        subject: String,
        now: Date = Date(),
        lifetime: TimeInterval = 12 * 3600
    )
        throws -> String
    {
        let header = #"{"typ":"JWT","alg":"ES256"}"#
        let claims: [String: Any] = [
            "aud": Self.origin(of: endpoint),
            "exp": Int(now.addingTimeInterval(min(lifetime, 24 * 3600)).timeIntervalSince1970),
            "sub": subject,
        ]
        let claimsJSON = try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys, .withoutEscapingSlashes])
        let signingInput = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(claimsJSON)
        let signature = try privateKey.signature(for: Data(signingInput.utf8))
        return "vapid t=\(signingInput).\(Base64URL.encode(signature.rawRepresentation)),k=\(publicKeyText)"
    }

    /// `scheme://host[:port]`, the port only when it is not the scheme's own.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "https"
        var origin = "\(scheme)://\(url.host(percentEncoded: false) ?? "")"
        if let port = url.port, !(scheme == "https" && port == 443), !(scheme == "http" && port == 80) {
            origin += ":\(port)"
        }
        return origin
    }
}
