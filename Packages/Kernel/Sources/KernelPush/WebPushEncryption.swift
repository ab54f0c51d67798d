import Crypto
import Foundation
import Kernel

/// A push message's body encrypted for one browser: the `aes128gcm` content coding (RFC 8188) with the keys Web Push
/// derives (RFC 8291), in one record.
///
/// Only the browser that subscribed can read it: the push service in between sees its length and nothing else.
public enum WebPushEncryption {
    /// The record size written in the header: one record holds any payload a push service takes (4 KiB at most).
    static let recordSize: UInt32 = 4096

    /// Why a subscription's keys cannot be used.
    public struct InvalidKeys: Error, CustomStringConvertible {
        public let description: String
    }

    /// `plaintext` encrypted for the browser whose public key is `p256dh` (an uncompressed P-256 point, base64url) and
    /// whose secret is `auth` (16 bytes, base64url), with a new key pair and salt of this server's.
    public static func encrypt(_ plaintext: Data, p256dh: String, auth: String) throws -> Data {
        try encrypt(plaintext, p256dh: p256dh, auth: auth, serverKey: P256.KeyAgreement.PrivateKey(), salt: randomSalt())
    }

    /// The same with the server's key pair and the salt given: RFC 8291's worked example fixes both.
    static func encrypt(
        _ plaintext: Data,
        p256dh: String,
        auth: String,
        serverKey: P256.KeyAgreement.PrivateKey,
        salt: Data
    ) throws -> Data {
        guard let browserKeyBytes = Base64URL.decode(p256dh),
            let browserKey = try? P256.KeyAgreement.PublicKey(x963Representation: browserKeyBytes)
        else { throw InvalidKeys(description: "The subscription's p256dh is not a P-256 public key.") }
        guard let authSecret = Base64URL.decode(auth), authSecret.count == 16 else {
            throw InvalidKeys(description: "The subscription's auth secret is not 16 bytes.")
        }
        let serverPublic = serverKey.publicKey.x963Representation
        let shared = try serverKey.sharedSecretFromKeyAgreement(with: browserKey)
        // IKM = HKDF(auth secret, ECDH secret, "WebPush: info" || 0x00 || ua_public || as_public, 32)
        let keyInfo = Data("WebPush: info".utf8) + [0] + browserKeyBytes + serverPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self,
            salt: authSecret,
            sharedInfo: keyInfo,
            outputByteCount: 32
        )
        let contentKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey,
            salt: salt,
            info: Data("Content-Encoding: aes128gcm".utf8) + [0],
            outputByteCount: 16
        )
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey,
            salt: salt,
            info: Data("Content-Encoding: nonce".utf8) + [0],
            outputByteCount: 12
        )
        // One record, and the last: the payload then the delimiter 0x02, no padding.
        let record = plaintext + [2]
        let sealed = try AES.GCM.seal(
            record,
            using: contentKey,
            nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) })
        )
        var header = salt
        withUnsafeBytes(of: recordSize.bigEndian) { header.append(contentsOf: $0) }
        header.append(UInt8(serverPublic.count))
        header.append(serverPublic)
        return header + sealed.ciphertext + sealed.tag
    }

    static func randomSalt() -> Data {
        Data(SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) })
    }
}
