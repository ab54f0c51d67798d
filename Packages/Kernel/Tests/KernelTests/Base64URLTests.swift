import Foundation
import Kernel
import Testing

@Suite("Base64url: the house's spelling of bytes in cookies, URLs and headers")
struct Base64URLTests {
    @Test("bytes whose base64 holds + and / are written with - and _, unpadded, and read back")
    func roundTrip() {
        let bytes: [UInt8] = [0xFB, 0xFF, 0xBF, 0x3E, 0x00]
        #expect(Data(bytes).base64EncodedString() == "+/+/PgA=")
        #expect(Base64URL.encode(bytes) == "-_-_PgA")
        #expect(Base64URL.decode("-_-_PgA") == Data(bytes))
        #expect(Base64URL.decode("+/+/PgA=") == Data(bytes))
        for count in 0..<40 {
            let random = Base64URL.randomBytes(count)
            #expect(random.count == count)
            #expect(Base64URL.decode(Base64URL.encode(random)) == Data(random))
        }
    }

    @Test("only the spelling encode writes is canonical: the last character's unread bits are zero")
    func canonical() {
        for count in 0..<40 {
            #expect(Base64URL.isCanonical(Base64URL.encode(Base64URL.randomBytes(count))))
        }
        // The same bytes, spelled with an unread bit set: decoded alike, not canonical.
        #expect(Base64URL.decode("-_-_PgB") == Base64URL.decode("-_-_PgA"))
        #expect(!Base64URL.isCanonical("-_-_PgB"))
        #expect(Base64URL.encode([0xFF]) == "_w")
        #expect(!Base64URL.isCanonical("_x"))
        #expect(!Base64URL.isCanonical("-_-_PgA="))
        #expect(Base64URL.decode("+/+/PgA") == Base64URL.decode("-_-_PgA"))
        #expect(!Base64URL.isCanonical("+/+/PgA"), "standard base64's two characters are another spelling")
        #expect(!Base64URL.isCanonical("abcde"))
    }

    @Test("text that is not base64 is refused, not read in part")
    func refused() {
        #expect(Base64URL.decode("ab$c") == nil)
        #expect(Base64URL.decode("abcé") == nil)
        #expect(Base64URL.decode("a b c") == nil)
    }

    @Test("random tokens differ and have the length their bytes give")
    func tokens() {
        let tokens = Set((0..<100).map { _ in Base64URL.randomToken(byteCount: 16) })
        #expect(tokens.count == 100)
        #expect(tokens.allSatisfy { $0.count == 22 })
    }
}
