import Foundation
import Kernel
import KernelText
import Testing

@Suite("DisplayDate: the host's one way of writing dates")
struct DisplayDateTests {
    @Test("a day is day, full month and year, as the news brief writes epoch 0: \"1 January 1970\"")
    func days() {
        #expect(DisplayDate.day(year: 2026, month: 11, day: 21) == "21 November 2026")
        #expect(DisplayDate.day(year: 2000, month: 2, day: 29) == "29 February 2000")
        #expect(DisplayDate.day(year: 1970, month: 1, day: 1) == "1 January 1970")
    }

    @Test("a moment in the coming days is its weekday, day and month, the weekday as Foundation's calendar has it")
    func weekdays() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        var date = calendar.date(from: DateComponents(year: 1600, month: 1, day: 1))!
        for _ in 0..<800 {
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let text = DisplayDate.weekdayAndDay(date, in: calendar.timeZone)
            #expect(text.hasPrefix(names[parts.weekday! - 1] + " \(parts.day!) "), "\(text)")
            date = calendar.date(byAdding: .day, value: 577, to: date)!
        }
        let monday = Date(timeIntervalSince1970: 1_796_048_100)  // 2026-11-30 14:15 UTC
        #expect(DisplayDate.weekdayAndDay(monday, in: TimeZone(identifier: "UTC")!) == "Monday 30 November")
    }

    @Test("a moment is its day and 24-hour time in the zone asked for, and ISO 8601 for machines")
    func moments() {
        let moment = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC
        #expect(DisplayDate.dayAndTime(moment, in: TimeZone(identifier: "UTC")!) == "18 November 2026, 11:06")
        #expect(DisplayDate.dayAndTime(moment, in: TimeZone(identifier: "Asia/Kolkata")!) == "18 November 2026, 16:36")
        #expect(DisplayDate.dayAndTime(moment, in: TimeZone(identifier: "America/Los_Angeles")!) == "18 November 2026, 03:06")
        #expect(DisplayDate.day(moment, in: TimeZone(identifier: "Pacific/Kiritimati")!) == "19 November 2026")
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
