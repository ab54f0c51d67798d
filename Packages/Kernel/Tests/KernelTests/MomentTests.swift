import Foundation
import KernelText
import Testing

@testable import Kernel

@Suite("Moments in sentences, and the reader's clock")
struct MomentTests {
    let utc = TimeZone(identifier: "UTC")!
    let moment = Date(timeIntervalSince1970: 1_796_048_100)  // 30 November 2026, 14:15 UTC

    @Test("a moment in a sentence reads in the reader's zone and clock, the same words as the pages")
    func words() {
        let sentence = "Due \(Moment.token(moment)) · ends at \(Moment.token(moment, .time))."
        #expect(Moment.words(sentence, in: utc, clock: .twentyFourHour) == "Due 30 November 2026, 14:15 · ends at 14:15.")
        #expect(Moment.words(sentence, in: utc, clock: .twelveHour) == "Due 30 November 2026, 2:15 pm · ends at 2:15 pm.")
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        #expect(Moment.words(sentence, in: tokyo, clock: .twentyFourHour) == "Due 30 November 2026, 23:15 · ends at 23:15.")
        #expect(DisplayDate.time(Date(timeIntervalSince1970: 0), in: utc, clock: .twelveHour) == "12:00 am")
        #expect(DisplayDate.time(Date(timeIntervalSince1970: 43_200), in: utc, clock: .twelveHour) == "12:00 pm")
    }

    @Test("pieces: words and moments in order; brackets around anything else stay words")
    func pieces() {
        let text = "A ⟦not a date⟧ b \(Moment.token(moment)) c ⟦ unclosed"
        #expect(
            Moment.pieces(text) == [
                .text("A ⟦not a date⟧"), .text(" b "), .moment(moment, .dayAndTime), .text(" c ⟦ unclosed"),
            ]
        )
        #expect(Moment.pieces("plain") == [.text("plain")])
    }

    @Test("an ISO moment is read back exactly as it was written, and nothing else is")
    func isoRoundTrip() {
        for seconds in [0, 951_782_400, 1_796_048_100, -86_400, 253_402_300_799] {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            #expect(DisplayDate.date(iso: DisplayDate.iso(date)) == date)
        }
        for bad in ["", "2026-11-30", "2026-13-01T00:00:00Z", "2026-11-30T24:00:00Z", "2026-11-30T14:15:00+01:00", "x026-11-30T14:15:00Z"] {
            #expect(DisplayDate.date(iso: bad) == nil, "\(bad)")
        }
    }

    @Test("the machine's clock comes from its language settings: 12 hours for en_US, 24 for de_DE, C or nothing")
    func clockOfTheMachine() {
        #expect(Clock.of(environment: ["LANG": "en_US.UTF-8"]) == .twelveHour)
        #expect(Clock.of(environment: ["LANG": "de_DE.UTF-8"]) == .twentyFourHour)
        #expect(Clock.of(environment: ["LANG": "en_US.UTF-8", "LC_TIME": "en_GB.UTF-8"]) == .twentyFourHour)
        #expect(Clock.of(environment: ["LC_ALL": "en_US", "LC_TIME": "de_DE"]) == .twelveHour)
        #expect(Clock.of(environment: ["LANG": "C.UTF-8"]) == .twentyFourHour)
        #expect(Clock.of(environment: [:]) == .twentyFourHour)
    }
}
