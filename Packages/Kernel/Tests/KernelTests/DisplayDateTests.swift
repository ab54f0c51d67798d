import Foundation
import Kernel
import Testing

@Suite("DisplayDate: the host's one way of writing dates")
struct DisplayDateTests {
    @Test("a day is weekday, day, month and year, the weekday as Foundation's Gregorian calendar has it")
    func days() {
        #expect(DisplayDate.day(year: 2026, month: 11, day: 21) == "Sat 21 Nov 2026")
        #expect(DisplayDate.day(year: 2000, month: 2, day: 29) == "Tue 29 Feb 2000")
        #expect(DisplayDate.day(year: 1970, month: 1, day: 1) == "Thu 1 Jan 1970")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        var date = calendar.date(from: DateComponents(year: 1600, month: 1, day: 1))!
        for _ in 0..<800 {
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let text = DisplayDate.day(year: parts.year!, month: parts.month!, day: parts.day!)
            #expect(text.hasPrefix(names[parts.weekday! - 1]), "\(text)")
            date = calendar.date(byAdding: .day, value: 577, to: date)!
        }
    }

    @Test("a moment is its day and 24-hour time in the zone asked for, and ISO 8601 for machines")
    func moments() {
        let moment = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC
        #expect(DisplayDate.dayAndTime(moment, in: TimeZone(identifier: "UTC")!) == "Wed 18 Nov 2026, 11:06")
        #expect(DisplayDate.dayAndTime(moment, in: TimeZone(identifier: "Asia/Kolkata")!) == "Wed 18 Nov 2026, 16:36")
        #expect(DisplayDate.dayAndTime(moment, in: TimeZone(identifier: "America/Los_Angeles")!) == "Wed 18 Nov 2026, 03:06")
        #expect(DisplayDate.day(moment, in: TimeZone(identifier: "Pacific/Kiritimati")!) == "Thu 19 Nov 2026")
        #expect(DisplayDate.iso(moment) == "2026-11-18T11:06:40Z")
    }
}

@Suite("DisplayDate.parts: the calendar arithmetic agrees with Foundation's Calendar")
struct DisplayDatePartsTests {
    @Test("across zones with and without daylight saving, before 1970 and far ahead, to the second")
    func agreesWithCalendar() {
        var generator = SystemRandomNumberGenerator()
        let zones = ["UTC", "Europe/London", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Kiritimati"]
            .compactMap(TimeZone.init(identifier:))
        for zone in zones {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            for _ in 0..<2_000 {
                let date = Date(timeIntervalSince1970: Double.random(in: -5_000_000_000...10_000_000_000, using: &generator))
                let expected = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
                let parts = DisplayDate.parts(date, in: zone)
                #expect(
                    [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second]
                        == [expected.year, expected.month, expected.day, expected.hour, expected.minute, expected.second],
                    "\(date) in \(zone.identifier)"
                )
            }
        }
        #expect(DisplayDate.iso(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z")
        #expect(
            DisplayDate.iso(Date(timeIntervalSince1970: 1_800_032_400)) == Date(timeIntervalSince1970: 1_800_032_400).formatted(.iso8601)
        )
    }
}
