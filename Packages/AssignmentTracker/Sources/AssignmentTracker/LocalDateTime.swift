import Foundation
import KernelText

/// Dates and times as people type them (`2027-01-15T17:00`, the value of an HTML `datetime-local` field), read and
/// written in a time zone: the host's own unless told otherwise.
public enum LocalDateTime {
    /// Parses `yyyy-MM-ddTHH:mm`, with optional `:ss` and a space allowed in place of the `T`, as a moment in
    /// `timeZone`. A day alone (`yyyy-MM-dd`) is accepted when `allowDayAlone` is true and means its midnight.
    ///
    /// Returns nil for anything else, for a day that does not exist (`2027-02-30`), for a time the clocks skip in
    /// `timeZone`, and for years outside 1900–9999.
    public static func parse(_ text: some StringProtocol, in timeZone: TimeZone, allowDayAlone: Bool = false) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 || bytes.count == 16 || bytes.count == 19 else { return nil }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10])
        else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        if bytes.count == 10 {
            guard allowDayAlone else { return nil }
        } else {
            guard bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"),
                let h = number(bytes[11..<13]), let m = number(bytes[14..<16])
            else { return nil }
            hour = h
            minute = m
            if bytes.count == 19 {
                guard bytes[16] == UInt8(ascii: ":"), let s = number(bytes[17..<19]) else { return nil }
                second = s
            }
        }
        guard (1900...9999).contains(year), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        var components = DateComponents()
        components.year = year
        components.month = month
        components.day = day
        components.hour = hour
        components.minute = minute
        components.second = second
        // A time the clocks skip (01:30 on the night summer time starts in London) would silently become another:
        // only a time that reads back the same is accepted.
        guard let date = calendar(timeZone).date(from: components) else { return nil }
        let back = DisplayDate.parts(date, in: timeZone)
        guard back.year == year, back.month == month, back.day == day, back.hour == hour, back.minute == minute else {
            return nil
        }
        return date
    }

    /// `2027-01-15T17:00`: `date` in `timeZone`, to the minute, as a `datetime-local` field's value.
    public static func format(_ date: Date, in timeZone: TimeZone) -> String {
        let parts = DisplayDate.parts(date, in: timeZone)
        return padded(parts.year, 4) + "-" + padded(parts.month, 2) + "-" + padded(parts.day, 2) + "T" + padded(parts.hour, 2)
            + ":" + padded(parts.minute, 2)
    }

    /// `20270115T170000Z`: `date` in UTC, to the second, as iCalendar writes a DATE-TIME.
    public static func iCalendarUTC(_ date: Date) -> String {
        let parts = DisplayDate.parts(date, in: utc)
        return padded(parts.year, 4) + padded(parts.month, 2) + padded(parts.day, 2) + "T" + padded(parts.hour, 2)
            + padded(parts.minute, 2) + padded(parts.second, 2) + "Z"
    }

    private static let utc = TimeZone(identifier: "UTC")!

    static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
