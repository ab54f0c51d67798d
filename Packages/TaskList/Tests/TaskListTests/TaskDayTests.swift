import Foundation
import Testing

@testable import TaskList

@Suite("A task day")
struct TaskDayTests {
    @Test("parses a well-formed ISO date")
    func parsesISODate() throws {
        let day = try #require(TaskDay(isoString: "2026-11-21"))
        #expect(day.year == 2026)
        #expect(day.month == 11)
        #expect(day.day == 21)
        #expect(day.isoString == "2026-11-21")
    }

    @Test("writes small years, months and days with leading zeros")
    func padsISOString() throws {
        #expect(try #require(TaskDay(year: 7, month: 3, day: 9)).isoString == "0007-03-09")
    }

    @Test(
        "accepts February 29th in leap years only",
        arguments: [
            ("2024-02-29", true),
            ("2000-02-29", true),
            ("2025-02-29", false),
            ("1900-02-29", false),
            ("2100-02-29", false),
        ]
    )
    func leapDays(text: String, exists: Bool) {
        #expect((TaskDay(isoString: text) != nil) == exists)
    }

    @Test(
        "refuses days that do not exist",
        arguments: [
            "2025-02-30", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "2026-01-32", "0000-01-01",
        ]
    )
    func impossibleDays(text: String) {
        #expect(TaskDay(isoString: text) == nil)
    }

    @Test(
        "refuses text that is not a yyyy-MM-dd date",
        arguments: [
            "", "tomorrow", "2026-1-5", "21/11/2026", "2026-11-21T10:00", " 2026-11-21", "2026-11-21 ", "2026/11/21",
            "+026-11-21", "２０２６-11-21", "2026-11-2x",
        ]
    )
    func garbage(text: String) {
        #expect(TaskDay(isoString: text) == nil)
    }

    @Test("orders days chronologically")
    func comparesChronologically() throws {
        let days = try ["2026-11-21", "2025-12-31", "2026-01-01", "2026-11-20"].map { try #require(TaskDay(isoString: $0)) }
        #expect(days.sorted().map(\.isoString) == ["2025-12-31", "2026-01-01", "2026-11-20", "2026-11-21"])
    }

    @Test(
        "shows a readable English date with the right weekday",
        arguments: [
            ("2026-11-21", "21 November 2026"),
            ("1970-01-01", "1 January 1970"),
            ("2000-02-29", "29 February 2000"),
            ("2024-12-25", "25 December 2024"),
            ("1969-12-31", "31 December 1969"),
            ("0001-01-01", "1 January 1"),
        ]
    )
    func displayString(text: String, shown: String) throws {
        #expect(try #require(TaskDay(isoString: text)).displayString == shown)
    }

    @Test("agrees with Foundation's Gregorian calendar on weekdays")
    func weekdayMatchesCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var day = try #require(TaskDay(isoString: "2023-12-25"))
        for _ in 0..<400 {
            let date = try #require(calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day)))
            #expect(day.weekday == calendar.component(.weekday, from: date))
            day = day.adding(days: 1)
        }
    }

    @Test("adds days across months, years and leap days")
    func addsDays() throws {
        let day = try #require(TaskDay(isoString: "2024-02-28"))
        #expect(day.adding(days: 1).isoString == "2024-02-29")
        #expect(day.adding(days: 2).isoString == "2024-03-01")
        #expect(day.adding(days: -59).isoString == "2023-12-31")
        #expect(day.adding(days: 366).isoString == "2025-02-28")
        #expect(TaskDay.latest.adding(days: 1) == .latest)
        #expect(TaskDay.earliest.adding(days: Int.min) == .earliest)
    }

    @Test("is today as seen in the given time zone")
    func todayInTimeZone() throws {
        // 2026-11-21 23:30 UTC is already the 22nd in Tokyo and still the 21st in New York.
        let moment = Date(timeIntervalSince1970: 1_795_303_800)
        #expect(TaskDay(date: moment, in: try #require(TimeZone(identifier: "UTC"))).isoString == "2026-11-21")
        #expect(TaskDay(date: moment, in: try #require(TimeZone(identifier: "Asia/Tokyo"))).isoString == "2026-11-22")
        #expect(TaskDay(date: moment, in: try #require(TimeZone(identifier: "America/New_York"))).isoString == "2026-11-21")
    }

    @Test("today is the current day")
    func today() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let before = TaskDay(date: Date(), in: utc)
        let today = TaskDay.today(in: utc)
        let after = TaskDay(date: Date(), in: utc)
        #expect(before <= today && today <= after)
    }

    @Test("round-trips through Codable as its ISO text")
    func codable() throws {
        let day = try #require(TaskDay(isoString: "2026-11-21"))
        let json = try JSONEncoder().encode([day])
        #expect(String(decoding: json, as: UTF8.self) == #"["2026-11-21"]"#)
        #expect(try JSONDecoder().decode([TaskDay].self, from: json) == [day])
    }

    @Test("refuses to decode an impossible date")
    func decodingImpossibleDateFails() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([TaskDay].self, from: Data(#"["2025-02-30"]"#.utf8))
        }
    }
}
