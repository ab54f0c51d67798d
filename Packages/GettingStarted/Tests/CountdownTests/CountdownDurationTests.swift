import Countdown
import Foundation
import Kernel
import KernelText
import Testing

@Suite("Countdown durations and the page's form")
struct CountdownDurationTests {
    @Test("the CLI's durations read as hours, minutes and seconds")
    func parses() throws {
        #expect(try CountdownDuration.parse("1h30m").seconds == 5400)
        #expect(try CountdownDuration.parse("25m").seconds == 1500)
        #expect(try CountdownDuration.parse("45s").seconds == 45)
        #expect(try CountdownDuration.parse("2H").seconds == 7200)
        #expect(try CountdownDuration.parse("1h 5m 10s").seconds == 3910)
        #expect(try CountdownDuration.parse("90m").seconds == 5400)
        #expect(try CountdownDuration.parse("99h59m59s").seconds == CountdownDuration.longest)
    }

    @Test("a duration that is not one says what to type")
    func refuses() {
        let cases: [(String, String)] = [
            ("", "Give a duration"),
            ("25", "end the number with h, m or s"),
            ("m", "put a number before m"),
            ("30m1h", "hours, then minutes, then seconds"),
            ("5m5m", "hours, then minutes, then seconds"),
            ("1d", "use h, m and s"),
            ("0s", "at least one second"),
            ("100h", "at most 99 h 59 min 59 s"),
            ("9999999s", "too long"),
            ("١m", "use h, m and s"),
        ]
        for (text, message) in cases {
            #expect(throws: CountdownProblem.self) { try CountdownDuration.parse(text) }
            do {
                _ = try CountdownDuration.parse(text)
            } catch {
                #expect(error.message.contains(message), "\(text): \(error.message)")
            }
        }
    }

    @Test("lengths and clocks are written for people")
    func written() {
        #expect(CountdownDuration(seconds: 5400)?.description == "1 h 30 min")
        #expect(CountdownDuration(seconds: 1500)?.description == "25 min")
        #expect(CountdownDuration(seconds: 45)?.description == "45 s")
        #expect(CountdownDuration(seconds: 3605)?.description == "1 h 0 min 5 s")
        #expect(CountdownDuration.clock(3909) == "1:05:09")
        #expect(CountdownDuration.clock(1500) == "25:00")
        #expect(CountdownDuration.clock(7) == "0:07")
        #expect(CountdownDuration.clock(-3) == "0:00")
        #expect(CountdownDuration(seconds: 0) == nil)
    }

    @Test("the form takes 0–99 hours and 0–59 minutes, refuses a zero total, and caps the label")
    func form() throws {
        let valid = try CountdownForm(hours: "1", minutes: "30", label: " Tea ").validated().get()
        #expect(valid.duration.seconds == 5400 && valid.label == "Tea")
        #expect(try CountdownForm(hours: "", minutes: "5").validated().get().duration.seconds == 300)
        #expect(try CountdownForm(hours: "99", minutes: "59").validated().get().duration.seconds == 99 * 3600 + 59 * 60)

        func problems(_ form: CountdownForm) -> [CountdownForm.Field: String] {
            if case .failure(let problems) = form.validated() { return problems.byField }
            return [:]
        }
        #expect(problems(CountdownForm(hours: "0", minutes: "0"))[.minutes] == "Set at least one minute.")
        #expect(problems(CountdownForm(hours: "", minutes: ""))[.minutes] == "Set at least one minute.")
        #expect(problems(CountdownForm(hours: "100", minutes: "0"))[.hours] == "Enter hours from 0 to 99.")
        #expect(problems(CountdownForm(hours: "1", minutes: "60"))[.minutes] == "Enter minutes from 0 to 59.")
        #expect(problems(CountdownForm(hours: "-1", minutes: "5"))[.hours]?.contains("whole number") == true)
        #expect(problems(CountdownForm(hours: "1.5", minutes: "5"))[.hours]?.contains("whole number") == true)
        #expect(problems(CountdownForm(minutes: "5", label: "a\u{0}b"))[.label] == "The label can’t contain control characters.")
        #expect(problems(CountdownForm(minutes: "5", label: String(repeating: "é", count: 101)))[.label]?.contains("200 bytes") == true)
        #expect(problems(CountdownForm(minutes: "5", label: "👩\u{200D}👩\u{200D}👧")).isEmpty)
    }
}

@Suite("Times of day")
struct ClockTimeTests {
    @Test("an end on the same day reads \"at 14:03\"; on another day it says which: \"on 30 November 2026, 14:15\"")
    func whenOnAnotherDay() {
        let utc = TimeZone(identifier: "UTC")!
        let now = Date(timeIntervalSince1970: 1_796_048_100)  // 30 November 2026, 14:15 UTC
        let soon = now.addingTimeInterval(65)
        #expect(Moment.words(ClockTime.when(soon, now: now, in: utc), in: utc, clock: .twentyFourHour) == "at 14:16")
        #expect(Moment.words(ClockTime.when(soon, now: now, in: utc), in: utc, clock: .twelveHour) == "at 2:16 pm")
        let later = now.addingTimeInterval(4 * 86_400 + 60)
        #expect(
            Moment.words(ClockTime.when(later, now: now, in: utc), in: utc, clock: .twentyFourHour) == "on 4 December 2026, 14:16"
        )
    }
}
