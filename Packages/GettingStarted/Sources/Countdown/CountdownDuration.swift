/// A countdown's length in whole seconds, read from the CLI (`1h30m`, `25m`, `45s`) or from the page's hours and
/// minutes, and written back for people (`1 h 30 min`) and for a clock face (`1:30:00`).
public struct CountdownDuration: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The length in seconds, at least 1.
    public let seconds: Int

    /// The longest countdown: 99 hours 59 minutes 59 seconds (the page allows 99 h 59 min).
    public static let longest = 99 * 3600 + 59 * 60 + 59

    /// A duration of `seconds`, or nil unless 1 ≤ seconds ≤ ``longest``.
    public init?(seconds: Int) {
        guard seconds >= 1, seconds <= Self.longest else { return nil }
        self.seconds = seconds
    }

    /// Reads a duration typed on the command line: numbers each followed by `h`, `m` or `s`, in that order, each at
    /// most once (`1h30m`, `25m`, `45s`, `2h`, `1h 5m 10s`; spaces between parts allowed, case ignored). Throws a
    /// message saying what is wrong.
    public static func parse(_ text: String) throws(CountdownProblem) -> CountdownDuration {
        let compact = text.lowercased().filter { $0 != " " }
        guard !compact.isEmpty else { throw CountdownProblem("Give a duration, like 25m, 1h30m or 45s.") }
        var total = 0
        var number = ""
        var lastUnit = -1
        let units: [Character: (order: Int, seconds: Int)] = ["h": (0, 3600), "m": (1, 60), "s": (2, 1)]
        for character in compact {
            if character.isASCII, character.isNumber {
                number.append(character)
                guard number.count <= 6 else { throw CountdownProblem("“\(text)” is too long a duration.") }
            } else if let unit = units[character] {
                guard let value = Int(number) else {
                    throw CountdownProblem("“\(text)” is not a duration: put a number before \(character).")
                }
                guard unit.order > lastUnit else {
                    throw CountdownProblem("“\(text)” is not a duration: give hours, then minutes, then seconds, each once.")
                }
                lastUnit = unit.order
                total += value * unit.seconds
                number = ""
            } else {
                throw CountdownProblem("“\(text)” is not a duration: use h, m and s, like 25m, 1h30m or 45s.")
            }
        }
        guard number.isEmpty else {
            throw CountdownProblem("“\(text)” is not a duration: end the number with h, m or s (25m, not 25).")
        }
        guard total > 0 else { throw CountdownProblem("A countdown must last at least one second.") }
        guard let duration = CountdownDuration(seconds: total) else {
            throw CountdownProblem("A countdown can last at most 99 h 59 min 59 s.")
        }
        return duration
    }

    /// "1 h 30 min", "25 min", "45 s", "1 h 0 min 5 s".
    public var description: String {
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let rest = seconds % 60
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours) h") }
        if minutes > 0 || (hours > 0 && rest > 0) { parts.append("\(minutes) min") }
        if rest > 0 { parts.append("\(rest) s") }
        return parts.joined(separator: " ")
    }

    /// What a clock face shows for `seconds` left: "1:05:09", "25:00", "0:07"; zero or less is "0:00".
    public static func clock(_ seconds: Int) -> String {
        let left = max(0, seconds)
        let hours = left / 3600
        let minutes = left % 3600 / 60
        let rest = left % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }

    public static func < (lhs: CountdownDuration, rhs: CountdownDuration) -> Bool { lhs.seconds < rhs.seconds }
}

/// What is wrong with a countdown as given, in words for the person who gave it.
public struct CountdownProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message.
    public let message: String

    /// A problem saying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
