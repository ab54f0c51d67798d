import Foundation
import Testing

@testable import Countdown

@Suite("Handing countdowns to the system's scheduler")
struct CountdownSchedulerTests {
    @Test("at is given the minute before the end in UTC, or now when that has passed; systemd the second of the end")
    func atTime() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let now = try #require(calendar.date(from: DateComponents(year: 2026, month: 11, day: 24, hour: 10, minute: 0, second: 30)))
        #expect(CountdownScheduler.atTime(for: now.addingTimeInterval(25 * 60), now: now) == "202611241024")
        #expect(CountdownScheduler.atTime(for: now.addingTimeInterval(10), now: now) == "202611241000")
        #expect(CountdownScheduler.atTime(for: now.addingTimeInterval(90), now: now) == "202611241001")
        #expect(CountdownScheduler.calendarTime(for: now.addingTimeInterval(90.2)) == "2026-11-24 10:02:01")
    }

    @Test("a relative data directory or executable is made absolute: a job runs in another directory")
    func absolute() {
        let scheduler = CountdownScheduler(kind: .at, executable: "bin/atelier", dataDirectory: "data")
        let here = FileManager.default.currentDirectoryPath
        #expect(scheduler.dataDirectory == here + "/data" && scheduler.executable == here + "/bin/atelier")
        #expect(CountdownScheduler(kind: .at, executable: "/x", dataDirectory: "/d").dataDirectory == "/d")
    }

    @Test("the job script runs atelier notify --due with every value single-quoted, and passes the desktop on")
    func script() {
        let scheduler = CountdownScheduler(
            kind: .at,
            executable: "/opt/atelier's/atelier",
            dataDirectory: "/data/$(rm -rf ~)",
            environment: ["DISPLAY": ":99", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/bus", "HOME": "/root", "SECRET": "x"]
        )
        let script = scheduler.jobScript(key: "countdown-1")
        #expect(
            script == """
                DBUS_SESSION_BUS_ADDRESS='unix:path=/run/bus'; export DBUS_SESSION_BUS_ADDRESS
                DISPLAY=':99'; export DISPLAY
                exec '/opt/atelier'\\''s/atelier' notify --data-dir '/data/$(rm -rf ~)' --due 'countdown-1' >>'/data/$(rm -rf ~)/countdown-jobs.log' 2>&1

                """
        )
        #expect(!script.contains("SECRET") && !script.contains("HOME"))
    }

    @Test("a quote followed by a combining mark is still escaped (found by the countdown-input fuzz target)")
    func quoteWithCombiningMark() {
        // Compared as characters, "'\u{034C}" is one character and not "'": it must be escaped all the same.
        #expect(ShellWord.quoted("a'\u{034C}b") == #"'a'\''"# + "\u{034C}b'")
        #expect(ShellWord.quoted("\u{064C}'") == "'\u{064C}" + #"'\'''"#)
    }

    @Test("at's answer gives the job number")
    func jobNumber() {
        #expect(
            CountdownScheduler.atJobNumber("warning: commands will be executed using /bin/sh\njob 12 at Tue Nov 24 10:24:00 2026\n") == 12
        )
        #expect(CountdownScheduler.atJobNumber("Can't open /var/run/atd.pid to signal atd. No atd running?\n") == nil)
    }

    @Test("a scheduler is chosen by name, and an unknown name is refused")
    func choose() throws {
        #expect(try CountdownScheduler.choose("none", executable: "/x", dataDirectory: "/d").kind == .none)
        #expect(try CountdownScheduler.choose("at", executable: "/x", dataDirectory: "/d").kind == .at)
        #expect(throws: CountdownProblem.self) { try CountdownScheduler.choose("cron", executable: "/x", dataDirectory: "/d") }
        let none = CountdownScheduler(kind: .none, executable: "", dataDirectory: "")
        #expect(none.promise.contains("you will be notified the next time it runs"))
    }
}
