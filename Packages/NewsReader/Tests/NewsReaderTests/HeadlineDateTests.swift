import Foundation
import NewsReader
import Testing

/// The machine's time zone changing nothing is checked where it can be set safely, for a whole process: the browser
/// tests run the host with `TZ=America/Los_Angeles`, where the feed's midnight-UTC dates are still the day before.
/// (Setting `TZ` here would race with every other test running in this process.)
@Suite("Dates in words")
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
}
