import Foundation

/// The one way the host writes dates for people: `Sat 21 Nov 2026`, and with a time `Sat 21 Nov 2026, 14:05`.
///
/// Pages put it inside `<time datetime="…" data-format="date">` (or `"datetime"`), and the shell's script rewrites
/// it in the reader's own language and conventions (`Intl.DateTimeFormat` with the browser's languages, the ones it
/// sends as `Accept-Language`); this text is what a page without script, the CLI and the tests see. Machine-readable
/// dates (the `datetime` attribute, JSON, form values) are ISO 8601. The text is computed here rather than by a
/// formatter, so it is the same on every platform whatever locale data is installed.
public enum DisplayDate {
    /// `Sat 21 Nov 2026` for a calendar day (month 1–12); the weekday follows the proleptic Gregorian calendar.
    public static func day(year: Int, month: Int, day: Int) -> String {
        let weekday = weekdayIndex(year: year, month: month, day: day)
        return "\(weekdays[weekday]) \(day) \(months[max(1, min(12, month)) - 1]) \(year)"
    }

    /// `Sat 21 Nov 2026, 14:05`: the day and time of `date` in `timeZone` (by default the host's).
    public static func dayAndTime(_ date: Date, in timeZone: TimeZone = .current) -> String {
        let parts = calendar(timeZone).dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let hour = parts.hour ?? 0
        let minute = parts.minute ?? 0
        let time = "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
        return day(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1) + ", " + time
    }

    /// `Sat 21 Nov 2026`: the day of `date` in `timeZone`.
    public static func day(_ date: Date, in timeZone: TimeZone = .current) -> String {
        let parts = calendar(timeZone).dateComponents([.year, .month, .day], from: date)
        return day(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// `2026-11-21T14:05:00Z`: `date` for a `datetime` attribute or JSON.
    public static func iso(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// 0 for Sunday through 6 for Saturday (days from the civil date, after Howard Hinnant's algorithm).
    static func weekdayIndex(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = (month + 9) % 12
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468  // days since 1970-01-01, a Thursday
        return ((days + 4) % 7 + 7) % 7
    }
}
