import Foundation

/// A date of birth as typed into the sign-up form: `DD/MM/YYYY`, with the slashes added as one types, and pasted
/// forms (`1990-02-03`, `03.02.1990`, `03-02-1990`) read as the same date.
public struct DateOfBirth: Sendable, Hashable, Comparable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The oldest age accepted, in years.
    public static let maximumAge = 130

    /// A calendar date, or `nil` when there is no such day (31/04, 29/02/2023) or the year is outside 1…9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The days in `month` of `year`, leap years by the Gregorian rule.
    public static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `DD/MM/YYYY`.
    public var typed: String { String(format: "%02d/%02d/%04d", day, month, year) }

    /// `YYYY-MM-DD` (ISO 8601).
    public var iso8601: String { String(format: "%04d-%02d-%02d", year, month, day) }

    public static func < (lhs: DateOfBirth, rhs: DateOfBirth) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Today in the calendar of `zone`.
    public static func today(in zone: TimeZone = .current, now: Date = Date()) -> DateOfBirth {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        return DateOfBirth(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)!
    }

    /// Why a typed date is refused.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case empty
        case shape
        case noSuchDay
        case future
        case tooOld

        public var description: String {
            switch self {
            case .empty: "Enter your date of birth."
            case .shape: "Write the date as DD/MM/YYYY, for example 03/02/1990."
            case .noSuchDay: "That day does not exist in the calendar."
            case .future: "A date of birth can’t be in the future."
            case .tooOld: "A date of birth can be at most \(DateOfBirth.maximumAge) years ago."
            }
        }
    }

    /// The date `text` names, checked against `today`: a real day, not after today, at most 130 years before it.
    public static func parse(_ text: String, today: DateOfBirth) throws(Problem) -> DateOfBirth {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { throw .empty }
        guard let (day, month, year) = fields(of: normalized(trimmed)) else { throw .shape }
        guard let date = DateOfBirth(year: year, month: month, day: day) else { throw .noSuchDay }
        if date > today { throw .future }
        // The oldest birthday accepted: today's date 130 years ago (29 February falls back to 28 February).
        let oldestYear = today.year - maximumAge
        let oldest =
            DateOfBirth(year: oldestYear, month: today.month, day: min(today.day, days(inMonth: today.month, of: oldestYear)))
            ?? today
        if date < oldest { throw .tooOld }
        return date
    }

    /// `text` in `DD/MM/YYYY` when it is one of the pasted forms (`YYYY-MM-DD`, `DD.MM.YYYY`, `DD-MM-YYYY`, with one-
    /// or two-digit day and month), else as it is.
    public static func normalized(_ text: String) -> String {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "." || $0 == "/" })
            .map(String.init)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return text }
        if parts[0].count == 4, parts[1].count <= 2, parts[2].count <= 2, text.contains("-") {
            return pad(parts[2]) + "/" + pad(parts[1]) + "/" + parts[0]
        }
        if parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 4 {
            return pad(parts[0]) + "/" + pad(parts[1]) + "/" + parts[2]
        }
        return text
    }

    /// What the field shows while typing: the digits typed so far (at most 8) with the slashes after the day and
    /// the month, added by themselves. `0302` → `03/02/`, `03021990` → `03/02/1990`. The page's script applies the
    /// same rule (and the tests check both).
    public static func mask(_ typed: String) -> String {
        let digits = typed.filter { $0.isASCII && $0.isNumber }.prefix(8)
        var out = ""
        for (index, digit) in digits.enumerated() {
            out.append(digit)
            if index == 1 || index == 3 { out.append("/") }
        }
        return out
    }

    private static func pad(_ part: String) -> String { part.count == 1 ? "0" + part : part }

    private static func fields(of text: String) -> (Int, Int, Int)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[2] == UInt8(ascii: "/"), bytes[5] == UInt8(ascii: "/") else { return nil }
        let digits = [0, 1, 3, 4, 6, 7, 8, 9]
        guard digits.allSatisfy({ bytes[$0] >= UInt8(ascii: "0") && bytes[$0] <= UInt8(ascii: "9") }) else { return nil }
        func number(_ range: [Int]) -> Int { range.reduce(0) { $0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")) } }
        return (number([0, 1]), number([3, 4]), number([6, 7, 8, 9]))
    }
}
