import Foundation
import Kernel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A time of day as the countdown shows it, "14:03:05", in the machine's time zone. Made with the C library's
/// `localtime_r`: a `DateFormatter` made per row cost the page most of its time (each one loads ICU data).
public enum ClockTime {
    /// "HH:mm:ss" of `date`, local time.
    public static func string(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    /// When `date` is, said after "ends" or "Finished": `at 14:03:05` on the day of `now`, and on another day which one,
    /// `Monday 30 November at 14:15`.
    public static func when(_ date: Date, now: Date = Date()) -> String {
        guard day(of: date) != day(of: now) else { return "at " + string(date) }
        return DisplayDate.weekdayAndDay(date) + " at " + String(string(date).prefix(5))
    }

    /// The local year and day of the year of `date`.
    private static func day(of date: Date) -> Int {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        return Int(parts.tm_year) * 1_000 + Int(parts.tm_yday)
    }
}
