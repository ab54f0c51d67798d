import Foundation

/// The one way the host writes dates for people, the briefs' own: `26 November 2026` (the news brief's epoch 0 is
/// "1 January 1970"), and with a time `26 November 2026, 14:05` — or `2:05 pm`, in a 12-hour ``Clock``.
///
/// Pages put it inside `<time datetime="…" data-format="date">` (or `"datetime"`). A day is shown as written, in every
/// browser; the shell's script writes a moment again in the reader's time zone, in the same words, with the reader's
/// 12- or 24-hour clock (one convention for the whole page). This text is what a page without script, the CLI and the
/// tests see. Machine-readable dates (the `datetime` attribute, JSON, form values) are ISO 8601. The text is computed
/// here rather than by a formatter, so it is the same on every platform whatever locale data is installed.
public enum DisplayDate {
    /// `21 November 2026` for a calendar day (month 1–12).
    public static func day(year: Int, month: Int, day: Int) -> String {
        "\(day) \(months[max(1, min(12, month)) - 1]) \(year)"
    }

    /// `Monday 30 November`: the weekday and day of `date` in `timeZone`, for a moment within the coming days.
    public static func weekdayAndDay(_ date: Date, in timeZone: TimeZone = .current) -> String {
        let p = parts(date, in: timeZone)
        return "\(weekdays[weekdayIndex(year: p.year, month: p.month, day: p.day)]) \(p.day) \(months[p.month - 1])"
    }

    /// `21 November 2026, 14:05` (or `2:05 pm` with a 12-hour `clock`): the day and time of `date` in `timeZone` (by
    /// default the host's).
    public static func dayAndTime(_ date: Date, in timeZone: TimeZone = .current, clock: Clock = .local) -> String {
        let parts = parts(date, in: timeZone)
        return day(year: parts.year, month: parts.month, day: parts.day) + ", " + time(parts.hour, parts.minute, clock)
    }

    /// `14:05`, or `2:05 pm` with a 12-hour `clock`: the time of day of `date` in `timeZone`.
    public static func time(_ date: Date, in timeZone: TimeZone = .current, clock: Clock = .local) -> String {
        let parts = parts(date, in: timeZone)
        return time(parts.hour, parts.minute, clock)
    }

    /// The one way a time of day is written, as the pages' script writes it too (`app-clock.js`).
    private static func time(_ hour: Int, _ minute: Int, _ clock: Clock) -> String {
        switch clock {
        case .twentyFourHour: padded(hour, 2) + ":" + padded(minute, 2)
        case .twelveHour: "\((hour + 11) % 12 + 1):\(padded(minute, 2)) \(hour < 12 ? "am" : "pm")"
        }
    }

    /// Whether `date` falls at midnight in `timeZone`: a moment given as a day alone (a task's start typed as a date).
    public static func isMidnight(_ date: Date, in timeZone: TimeZone = .current) -> Bool {
        let parts = parts(date, in: timeZone)
        return parts.hour == 0 && parts.minute == 0 && parts.second == 0
    }

    /// The moment `iso` names (`2026-11-21T14:05:00Z`, as ``iso(_:)`` writes it); nil for anything else.
    public static func date(iso: String) -> Date? {
        let bytes = Array(iso.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), (1...12).contains(month), (1...31).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `21 November 2026`: the day of `date` in `timeZone`.
    public static func day(_ date: Date, in timeZone: TimeZone = .current) -> String {
        let parts = parts(date, in: timeZone)
        return day(year: parts.year, month: parts.month, day: parts.day)
    }

    /// `2026-11-21T14:05:00Z`: `date` for a `datetime` attribute or JSON (UTC, whole seconds).
    public static func iso(_ date: Date) -> String {
        let p = parts(secondsSince1970: clamped(date))
        // Written digit by digit (a list writes thousands of these): `YYYY-MM-DDTHH:MM:SSZ`.
        var bytes = [UInt8](repeating: UInt8(ascii: "0"), count: 20)
        func put(_ value: Int, at end: Int, width: Int) {
            var rest = value
            for index in stride(from: end, to: end - width, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
        put(p.year, at: 3, width: 4)
        bytes[4] = UInt8(ascii: "-")
        put(p.month, at: 6, width: 2)
        bytes[7] = UInt8(ascii: "-")
        put(p.day, at: 9, width: 2)
        bytes[10] = UInt8(ascii: "T")
        put(p.hour, at: 12, width: 2)
        bytes[13] = UInt8(ascii: ":")
        put(p.minute, at: 15, width: 2)
        bytes[16] = UInt8(ascii: ":")
        put(p.second, at: 18, width: 2)
        bytes[19] = UInt8(ascii: "Z")
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func parts(
        _ date: Date,
        in timeZone: TimeZone
    ) -> (
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    ) {
        parts(secondsSince1970: clamped(date) + timeZone.secondsFromGMT(for: date))
    }

    /// Whole seconds since 1970 of `date`; far beyond any real date the arithmetic would overflow, so such dates read
    /// as the limits (years 1 and 9999).
    private static func clamped(_ date: Date) -> Int {
        Int(min(max(date.timeIntervalSince1970, -62_135_596_800), 253_402_300_799).rounded(.down))
    }

    /// The calendar fields of a count of seconds since 1970 in the proleptic Gregorian calendar.
    private static func parts(
        secondsSince1970 seconds: Int
    ) -> (
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    ) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let (year, month, day) = civilDay(daysSince1970: days)
        return (year, month, day, time / 3_600, time % 3_600 / 60, time % 60)
    }

    /// The calendar day `days` days after 1 January 1970 in the proleptic Gregorian calendar (Howard Hinnant's
    /// `civil_from_days`).
    public static func civilDay(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// 0 for Sunday through 6 for Saturday.
    static func weekdayIndex(year: Int, month: Int, day: Int) -> Int {
        let days = daysSince1970(year: year, month: month, day: day)  // 1970-01-01 was a Thursday
        return ((days + 4) % 7 + 7) % 7
    }

    /// Days from 1 January 1970 to the civil date, negative for earlier days (Howard Hinnant's `days_from_civil`):
    /// the inverse of ``civilDay(daysSince1970:)``.
    public static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = (month + 9) % 12
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
