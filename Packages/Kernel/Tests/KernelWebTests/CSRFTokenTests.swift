import Foundation
import Testing

@testable import KernelWeb

@Suite("CSRF tokens")
struct CSRFTokenTests {
    static let secret = [UInt8](repeating: 7, count: 32)
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("a token is good for a week from when it was made, renewed after a day, and never before it was made")
    func ageLimits() {
        let middleware = CSRFMiddleware(secret: Self.secret, now: { Self.start })
        let token = middleware.makeToken(at: Self.start)
        #expect(middleware.age(of: token, at: Self.start) == 0)
        #expect(middleware.age(of: token, at: Self.start + CSRFMiddleware.maxAge) == CSRFMiddleware.maxAge)
        #expect(middleware.age(of: token, at: Self.start + CSRFMiddleware.maxAge + 1) == nil, "a leaked token expires")
        #expect(middleware.age(of: token, at: Self.start - 3_600) == nil, "a token from the future is refused")
        #expect(CSRFMiddleware.renewAfter < CSRFMiddleware.maxAge)
    }

    @Test("only this secret's signature counts")
    func otherSecret() {
        let ours = CSRFMiddleware(secret: Self.secret, now: { Self.start })
        let theirs = CSRFMiddleware(secret: [UInt8](repeating: 8, count: 32), now: { Self.start })
        let token = theirs.makeToken(at: Self.start)
        #expect(theirs.age(of: token, at: Self.start) == 0)
        #expect(ours.age(of: token, at: Self.start) == nil)
        #expect(ours.age(of: token.uppercased(), at: Self.start) == nil)
    }

    @Test("a token changed in any one character is refused: its nonce, its time or its signature")
    func tampered() {
        let middleware = CSRFMiddleware(secret: Self.secret, now: { Self.start })
        let token = Array(middleware.makeToken(at: Self.start))
        #expect(token.count == 75)
        #expect(middleware.age(of: String(token), at: Self.start) == 0)
        // The nonce is characters 0–21, the time 21–32, the signature 32–74.
        for index in [0, 10, 21, 25, 31, 32, 40, 60, 73, 74] {
            for replacement in ["A", "B", "_", "-", "!"] where Character(replacement) != token[index] {
                var changed = token
                changed[index] = Character(replacement)
                #expect(middleware.age(of: String(changed), at: Self.start) == nil, "changed at \(index) to \(replacement)")
            }
        }
        #expect(middleware.age(of: String(token.dropLast()), at: Self.start) == nil)
        #expect(middleware.age(of: String(token) + "A", at: Self.start) == nil)
        #expect(middleware.age(of: String(token) + "=", at: Self.start) == nil, "padding is not the token this host wrote")
    }
}
