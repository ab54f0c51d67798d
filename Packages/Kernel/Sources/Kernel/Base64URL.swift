import Foundation

/// Base64url without padding (RFC 4648 §5): the house's one way to write bytes into a cookie, a URL or a header — the
/// CSRF token, the flash cookie, a session token, Web Push keys and a JWT's parts.
///
/// Foundation's base64 with the two characters swapped byte by byte: every page a browser opens without a CSRF
/// cookie makes a token, so the spelling never goes through `NSString` (which took a quarter of such a request).
public enum Base64URL {
    /// `bytes` as base64url text, unpadded.
    public static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let base64 = Data(bytes).base64EncodedData()
        var text = [UInt8]()
        text.reserveCapacity(base64.count)
        for byte in base64 {
            switch byte {
            case UInt8(ascii: "+"): text.append(UInt8(ascii: "-"))
            case UInt8(ascii: "/"): text.append(UInt8(ascii: "_"))
            case UInt8(ascii: "="): continue
            default: text.append(byte)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of base64url (or base64) text, padded or not; nil when it is not.
    public static func decode(_ text: String) -> Data? {
        var base64 = [UInt8]()
        base64.reserveCapacity(text.utf8.count + 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"): base64.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): base64.append(UInt8(ascii: "/"))
            default: base64.append(byte)
            }
        }
        while base64.count % 4 != 0 { base64.append(UInt8(ascii: "=")) }
        return Data(base64Encoded: Data(base64))
    }

    /// Whether `text` is spelled as ``encode(_:)`` writes it: only the base64url alphabet (``decode(_:)`` also reads
    /// `+`, `/` and padding), and the low bits its last character leaves over (two or four of them, which `decode`
    /// does not read) zero. Text that decodes may still not be canonical: `AB` and `AA` are the same byte.
    public static func isCanonical(_ text: String) -> Bool {
        guard text.utf8.allSatisfy({ alphabetValue($0) != nil }) else { return false }
        guard let last = text.utf8.last, let value = alphabetValue(last) else { return text.isEmpty }
        switch text.utf8.count % 4 {
        case 0: return true
        case 2: return value & 0b1111 == 0
        case 3: return value & 0b11 == 0
        default: return false
        }
    }

    /// Where `byte` stands in the base64url alphabet, or nil when it is not one of its characters.
    private static func alphabetValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// `count` bytes from the system's secure random generator (eight at a time, so one system call for a token).
    public static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8]()
        bytes.reserveCapacity(count + 7)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        return Array(bytes.prefix(count))
    }

    /// `count` bytes from the system's secure random generator, as base64url text: a token no one can guess.
    public static func randomToken(byteCount count: Int) -> String {
        encode(randomBytes(count))
    }
}
