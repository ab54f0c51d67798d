import Foundation
import Kernel
import KernelText

/// How the reader shows when a story was updated: day, month in words and year ("1 January 2019"), always in UTC,
/// whatever the machine's time zone or language, so every reader of the same feed sees the same date.
public enum HeadlineDate {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar
    }()

    /// The date of `epochSeconds` (in UTC) in the host's one date format (`DisplayDate`): `0` → "1 January 1970".
    public static func text(_ epochSeconds: Int64) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date(epochSeconds))
        return DisplayDate.day(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// The date of `epochSeconds` for a `<time datetime>` attribute: `2019-01-01`.
    public static func machineText(_ epochSeconds: Int64) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date(epochSeconds))
        func two(_ value: Int?) -> String { (value ?? 1) < 10 ? "0\(value ?? 1)" : "\(value ?? 1)" }
        let year = parts.year ?? 1970
        let yearText = year < 0 ? "\(year)" : String(repeating: "0", count: max(0, 4 - String(year).count)) + "\(year)"
        return "\(yearText)-\(two(parts.month))-\(two(parts.day))"
    }

    private static func date(_ epochSeconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(epochSeconds))
    }
}
