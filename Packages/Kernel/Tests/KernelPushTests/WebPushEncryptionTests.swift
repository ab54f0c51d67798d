import Crypto
import Foundation
import Kernel
import Testing

@testable import KernelPush

@Suite("Web Push payload encryption (RFC 8291) and VAPID tokens (RFC 8292)")
struct WebPushEncryptionTests {
    @Test("RFC 8291's worked example: the same keys and salt give the same bytes")
    func rfcExample() throws {
        let serverKey = try P256.KeyAgreement.PrivateKey(
            rawRepresentation: try #require(Base64URL.decode("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
        )
        let body = try WebPushEncryption.encrypt(
            Data("When I grow up, I want to be a watermelon".utf8),
            p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
            auth: "BTBZMqHH6r4Tts7J_aSIgg",
            serverKey: serverKey,
            salt: try #require(Base64URL.decode("DGv6ra1nlYgDCS1FRnbzlw"))
        )
        #expect(
            Base64URL.encode(body)
                == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
        )
    }

    @Test("the browser, with its private key and secret, reads what was sent; each push has its own salt and key")
    func browserReadsIt() throws {
        let browser = P256.KeyAgreement.PrivateKey()
        let auth = Data((0..<16).map { UInt8($0 * 7) })
        let p256dh = Base64URL.encode(browser.publicKey.x963Representation)
        let message = Data(#"{"title":"Tea is ready"}"#.utf8)
        let first = try WebPushEncryption.encrypt(message, p256dh: p256dh, auth: Base64URL.encode(auth))
        let second = try WebPushEncryption.encrypt(message, p256dh: p256dh, auth: Base64URL.encode(auth))
        #expect(first != second)
        #expect(try Self.decrypt(first, browser: browser, auth: auth) == message)
        #expect(throws: (any Error).self) {
            try Self.decrypt(first, browser: P256.KeyAgreement.PrivateKey(), auth: auth)
        }
    }

    @Test("keys that are not a P-256 point or a 16-byte secret are refused")
    func badKeys() {
        #expect(throws: WebPushEncryption.InvalidKeys.self) {
            try WebPushEncryption.encrypt(Data(), p256dh: "AAAA", auth: "BTBZMqHH6r4Tts7J_aSIgg")
        }
        let p256dh = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
        #expect(throws: WebPushEncryption.InvalidKeys.self) {
            try WebPushEncryption.encrypt(Data(), p256dh: p256dh, auth: "BTBZ")
        }
    }

    @Test("a VAPID token names the push service's origin, expires within 24 hours, and verifies with the public key")
    func vapidToken() throws {
        let key = VAPIDKey()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let header = try key.authorization(
            for: URL(string: "https://push.example.net:8443/send/abc?x=1")!,
            subject: "mailto:me@example.org",
            now: now,
            lifetime: 48 * 3600
        )
        #expect(header.hasPrefix("vapid t="))
        let parts = header.dropFirst("vapid ".count).split(separator: ",")
        #expect(parts.last == "k=\(key.publicKeyText)")
        let token = String(parts[0].dropFirst(2))
        let pieces = token.split(separator: ".").map(String.init)
        #expect(pieces.count == 3)
        let claims = try JSONSerialization.jsonObject(with: try #require(Base64URL.decode(pieces[1]))) as? [String: Any]
        #expect(claims?["aud"] as? String == "https://push.example.net:8443")
        #expect(claims?["sub"] as? String == "mailto:me@example.org")
        #expect(claims?["exp"] as? Int == 1_800_000_000 + 24 * 3600)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(Base64URL.decode(pieces[2])))
        let publicKey = try P256.Signing.PublicKey(x963Representation: try #require(Base64URL.decode(key.publicKeyText)))
        #expect(publicKey.isValidSignature(signature, for: Data("\(pieces[0]).\(pieces[1])".utf8)))
        #expect(VAPIDKey(privateKey: key.privateKeyText)?.publicKeyText == key.publicKeyText)
    }

    /// What a browser does with a push: RFC 8291 from its side.
    static func decrypt(_ body: Data, browser: P256.KeyAgreement.PrivateKey, auth: Data) throws -> Data {
        let bytes = [UInt8](body)
        let salt = Data(bytes[0..<16])
        let idLength = Int(bytes[20])
        let serverPublic = Data(bytes[21..<21 + idLength])
        let sealed = Data(bytes[(21 + idLength)...])
        let shared = try browser.sharedSecretFromKeyAgreement(with: P256.KeyAgreement.PublicKey(x963Representation: serverPublic))
        let info = Data("WebPush: info".utf8) + [0] + browser.publicKey.x963Representation + serverPublic
        let ikm = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: auth, sharedInfo: info, outputByteCount: 32)
        let cek = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm,
            salt: salt,
            info: Data("Content-Encoding: aes128gcm".utf8) + [0],
            outputByteCount: 16
        )
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm,
            salt: salt,
            info: Data("Content-Encoding: nonce".utf8) + [0],
            outputByteCount: 12
        )
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }),
            ciphertext: sealed.dropLast(16),
            tag: sealed.suffix(16)
        )
        let record = try AES.GCM.open(box, using: cek)
        #expect(record.last == 2)
        return record.dropLast()
    }
}
