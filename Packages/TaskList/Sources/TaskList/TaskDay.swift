import Foundation
import KernelText

/// A calendar day without a time of day or a time zone, such as the 21st of November 2026.
///
/// Days follow the proleptic Gregorian calendar and are limited to the years 1 through 9999, so that
/// their ``isoString`` always has the form `yyyy-MM-dd` and text comparison matches date comparison.
/// A day is encoded, both with `Codable` and in the database, as that ISO text.
public struct TaskDay: Sendable, Hashable {
    /// The year, from 1 through 9999.
    public let year: Int

    /// The month of the year, from 1 (January) through 12 (December).
    public let month: Int

    /// The day of the month, from 1 through 28, 29, 30 or 31 depending on the month.
    public let day: Int

    /// The earliest day that can be represented: 0001-01-01.
    public static let earliest = TaskDay(unchecked: 1, 1, 1)

    /// The latest day that can be represented: 9999-12-31.
    public static let latest = TaskDay(unchecked: 9999, 12, 31)

    /// Creates the day with the given year, month and day of month, or returns `nil` when that day does not exist
    /// (such as February 30th, or February 29th outside a leap year) or lies outside the years 1 through 9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        guard (1...TaskDay.numberOfDays(inMonth: month, year: year)).contains(day) else { return nil }
        self.init(unchecked: year, month, day)
    }

    /// Parses a day written as `yyyy-MM-dd`, such as `2026-11-21`.
    ///
    /// Returns `nil` for anything else: another layout, extra characters or spaces, or a day that does not exist
    /// (`2025-02-30`).
    public init?(isoString: some StringProtocol) {
        let bytes = Array(isoString.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        guard let year = TaskDay.number(bytes[0..<4]), let month = TaskDay.number(bytes[5..<7]),
            let day = TaskDay.number(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Creates the day on which the given moment falls, as seen in the given time zone.
    ///
    /// Moments before year 1 or after year 9999 give ``earliest`` or ``latest``.
    public init(date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = calendar.dateComponents([.era, .year, .month, .day], from: date)
        let era = components.era ?? 1
        let year = components.year ?? 1
        if era == 0 || year < 1 {
            self = .earliest
        } else if year > 9999 {
            self = .latest
        } else {
            self = TaskDay(year: year, month: components.month ?? 1, day: components.day ?? 1) ?? .earliest
        }
    }

    /// The current day as seen in the given time zone (the system's time zone unless told otherwise).
    public static func today(in timeZone: TimeZone = .current) -> TaskDay {
        TaskDay(date: Date(), in: timeZone)
    }

    /// The day written as `yyyy-MM-dd`, such as `2026-11-21`.
    public var isoString: String {
        TaskDay.padded(year, width: 4) + "-" + TaskDay.padded(month, width: 2) + "-" + TaskDay.padded(day, width: 2)
    }

    /// The day written for people in the host's one date format (`DisplayDate`), such as `21 November 2026`.
    public var displayString: String {
        DisplayDate.day(year: year, month: month, day: day)
    }

    /// The day of the week, from 1 (Sunday) through 7 (Saturday), as in Foundation's Gregorian calendar.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (5).
        let offset = (daysSince1970 + 4) % 7
        return (offset < 0 ? offset + 7 : offset) + 1
    }

    /// The day that lies the given number of days later (or earlier, when negative), kept within ``earliest`` and
    /// ``latest``.
    public func adding(days: Int) -> TaskDay {
        let target = daysSince1970.addingReportingOverflow(days)
        if target.overflow { return days < 0 ? .earliest : .latest }
        if target.partialValue < TaskDay.earliest.daysSince1970 { return .earliest }
        if target.partialValue > TaskDay.latest.daysSince1970 { return .latest }
        return TaskDay(daysSince1970: target.partialValue)
    }

    /// The number of days from 1970-01-01 to this day, negative for earlier days.
    public var daysSince1970: Int {
        DisplayDate.daysSince1970(year: year, month: month, day: day)
    }

    /// Tells whether the given year has a February 29th in the Gregorian calendar.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in the given month of the given year.
    public static func numberOfDays(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    private init(daysSince1970 days: Int) {
        let (year, month, day) = DisplayDate.civilDay(daysSince1970: days)
        self.init(unchecked: year, month, day)
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension TaskDay: Comparable {
    /// Orders days chronologically.
    public static func < (lhs: TaskDay, rhs: TaskDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

extension TaskDay: LosslessStringConvertible {
    /// Parses a day written as `yyyy-MM-dd`; the same as ``init(isoString:)``.
    public init?(_ description: String) {
        self.init(isoString: description)
    }

    /// The day written as `yyyy-MM-dd`; the same as ``isoString``.
    public var description: String { isoString }
}

extension TaskDay: Codable {
    /// Decodes a day from its `yyyy-MM-dd` text, failing with a data corruption error for any other text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = TaskDay(isoString: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected a date written as yyyy-MM-dd, found \"\(text)\"."
            )
        }
        self = day
    }

    /// Encodes the day as its `yyyy-MM-dd` text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(isoString)
    }
}
