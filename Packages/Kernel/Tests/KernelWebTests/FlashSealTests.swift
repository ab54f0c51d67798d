import Foundation
import Kernel
import KernelTestSupport
import Testing

@testable import KernelWeb

@Suite("Flash cookies: only what this host wrote is shown")
struct FlashSealTests {
    static let secret = [UInt8](repeating: 7, count: 32)
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// The flash cookie as it was written before sealing, and as a page on another port can still write it.
    static func planted(_ flash: Flash) throws -> String {
        Base64URL.encode(try JSONEncoder().encode(flash))
    }

    @Test("a sealed flash opens for ten minutes under the same secret, and never under another")
    func sealAndOpen() throws {
        let clock = Clock(Self.start)
        let seal = FlashSeal(secret: Self.secret, now: { clock.now })
        let flash = Flash(.success, "Task deleted.", actionLabel: "Undo", actionPath: "/tasks/11/restore")
        let value = seal.cookie(for: flash).value
        #expect(seal.flash(fromCookie: value) == flash)
        #expect(FlashSeal(secret: [UInt8](repeating: 8, count: 32), now: { clock.now }).flash(fromCookie: value) == nil)
        clock.now = Self.start + FlashSeal.maxAge + 1
        #expect(seal.flash(fromCookie: value) == nil, "an old flash is not shown")
    }

    @Test("a planted, altered or re-signed-elsewhere cookie opens to nothing")
    func forgeries() throws {
        let seal = FlashSeal(secret: Self.secret, now: { Self.start })
        let genuine = seal.cookie(for: Flash(.info, "Saved.")).value
        let parts = genuine.split(separator: ".").map(String.init)
        let evil = Flash(.error, "Your session expired. Press Retry.", actionLabel: "Retry", actionPath: "/tasks/11/delete")
        #expect(seal.flash(fromCookie: try Self.planted(evil)) == nil)
        let evilSealed = FlashSeal(secret: [UInt8](repeating: 9, count: 32), now: { Self.start }).cookie(for: evil).value
        let evilPayload = String(evilSealed.split(separator: ".")[0])
        #expect(seal.flash(fromCookie: evilPayload + "." + parts[1]) == nil, "another payload under our signature")
        #expect(seal.flash(fromCookie: parts[0]) == nil, "no signature")
        #expect(seal.flash(fromCookie: "") == nil)
        #expect(seal.flash(fromCookie: "..") == nil)
    }

    @Test("a flash cookie another page planted shows no message and no button on any page")
    func plantedFlashIsNotShown() async throws {
        try await withTestShell(features: [SampleFeature()]) { session, _ in
            let evil = Flash(
                .error,
                "Your session expired. Press Retry to keep your tasks.",
                actionLabel: "Retry",
                actionPath: "/sample/delete"
            )
            session.plantCookie("atelier_flash", try Self.planted(evil))
            let page = try await session.get("/sample")
            #expect(page.status == .ok)
            #expect(!page.text.contains("Your session expired"))
            #expect(!page.text.contains("/sample/delete"))
            #expect(!page.text.contains("class=\"flash"))
            // The host's own flash still shows.
            let redirect = try await session.post("/sample/echo", form: [("text", "hello")])
            #expect(try await session.follow(redirect).text.contains("Got hello"))
        }
    }
}

/// A settable time for a seal under test.
private final class Clock: @unchecked Sendable {
    // Only the test's own task reads and writes it, one step at a time.
    var now: Date
    init(_ now: Date) { self.now = now }
}
