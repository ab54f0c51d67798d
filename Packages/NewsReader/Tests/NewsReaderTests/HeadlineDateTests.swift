import Foundation
import NewsReader
import Testing

@Suite("Dates in words", .serialized)
struct HeadlineDateTests {
    @Test(
        "dates are day, month in words and year, in UTC",
        arguments: [
            (Int64(0), "1 January 1970", "1970-01-01"),
            (1_546_300_800, "1 January 2019", "2019-01-01"),
            (951_782_400, "29 February 2000", "2000-02-29"),
            (1_546_300_799, "31 December 2018", "2018-12-31"),
            (-1, "31 December 1969", "1969-12-31"),
        ]
    )
    func words(epoch: Int64, text: String, machine: String) {
        #expect(HeadlineDate.text(epoch) == text)
        #expect(HeadlineDate.machineText(epoch) == machine)
    }

    @Test("the machine's time zone changes nothing", arguments: ["Pacific/Kiritimati", "America/Los_Angeles", "Asia/Kolkata", "UTC"])
    func timeZones(zone: String) {
        let previous = ProcessInfo.processInfo.environment["TZ"]
        setenv("TZ", zone, 1)
        tzset()
        NSTimeZone.resetSystemTimeZone()
        defer {
            if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
            tzset()
            NSTimeZone.resetSystemTimeZone()
        }
        #expect(TimeZone.current.identifier == zone || zone == "UTC")
        #expect(HeadlineDate.text(0) == "1 January 1970")
        #expect(HeadlineDate.text(1_546_300_800) == "1 January 2019")
        #expect(HeadlineDate.text(951_782_400) == "29 February 2000")
    }
}
