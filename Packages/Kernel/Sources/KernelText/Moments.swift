import Foundation

/// The reader's clock: `14:05` or `2:05 pm`.
public enum Clock: Sendable, Hashable {
    /// `2:05 pm`.
    case twelveHour
    /// `14:05`.
    case twentyFourHour

    /// The clock of this machine's language settings (`LC_ALL`, else `LC_TIME`, else `LANG`): what the CLI writes, and
    /// what a page says before its script writes the reader's own. 24 hours unless the language's convention is 12
    /// (`en_US.UTF-8`, `en_AU`, …); 24 for `C` and `POSIX`, or when nothing is set.
    public static let local: Clock = of(environment: ProcessInfo.processInfo.environment)

    /// The clock of the language named in `environment`.
    public static func of(environment: [String: String]) -> Clock {
        let name = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let identifier = String(name.prefix { $0 != "." && $0 != "@" })
        guard identifier != "C", identifier != "POSIX" else { return .twentyFourHour }
        switch Locale(identifier: identifier).hourCycle {
        case .zeroToEleven, .oneToTwelve: return .twelveHour
        default: return .twentyFourHour
        }
    }
}

/// A moment inside a sentence — "Due ⟦…⟧ · 40% done", "ends at ⟦time …⟧" — kept as a token that each reader sees in their
/// own words: a page turns it into `<time>` (which the shell's script writes in the reader's zone and clock), a toast,
/// a flash and a push do the same in the browser, the CLI and the calendar write it in the machine's words. One way
/// for a notice, a summary or a message to carry a time, so that no text holds a clock of its own.
public enum Moment {
    /// What a token holds: a day and time, or a time of day alone (for a moment on the day the sentence is about).
    public enum Kind: Sendable, Hashable {
        /// `28 November 2026, 14:05`.
        case dayAndTime
        /// `14:05`.
        case time
    }

    /// One piece of a sentence with moments.
    public enum Piece: Sendable, Hashable {
        /// Words, as they are.
        case text(String)
        /// A moment, to be written in the reader's words.
        case moment(Date, Kind)
    }

    static let open = "⟦"
    static let close = "⟧"
    static let timePrefix = "time "

    /// The token for `date` in a sentence: its day and time, or (`kind: .time`) its time of day alone.
    public static func token(_ date: Date, _ kind: Kind = .dayAndTime) -> String {
        open + (kind == .time ? timePrefix : "") + DisplayDate.iso(date) + close
    }

    /// `text` cut into words and moments. Anything between the brackets that is not a moment stays text.
    public static func pieces(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(text)
        while let start = find(openBytes, in: rest.utf8), let end = find(closeBytes, in: rest.utf8[start.upperBound...]) {
            var inside = rest[start.upperBound..<end.lowerBound]
            let kind: Kind = inside.hasPrefix(timePrefix) ? .time : .dayAndTime
            if kind == .time { inside = inside.dropFirst(timePrefix.count) }
            guard let date = DisplayDate.date(iso: String(inside)) else {
                pieces.append(.text(String(rest[..<end.upperBound])))
                rest = rest[end.upperBound...]
                continue
            }
            if start.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<start.lowerBound]))) }
            pieces.append(.moment(date, kind))
            rest = rest[end.upperBound...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        return pieces.isEmpty ? [.text(text)] : pieces
    }

    static let openBytes = Array(open.utf8)
    static let closeBytes = Array(close.utf8)

    /// Where `bracket` first stands in `text`, searched as bytes: a bracket is a whole character of its own. (Foundation's
    /// `range(of:)`, and the standard library's generic `firstRange(of:)` after it, each took a tenth of the time the
    /// host spent serving the news page, for its one status line.)
    static func find(_ bracket: [UInt8], in text: Substring.UTF8View) -> Range<String.Index>? {
        var start = text.startIndex
        while let first = text[start...].firstIndex(of: bracket[0]) {
            var index = first
            var matched = 0
            while matched < bracket.count, index != text.endIndex, text[index] == bracket[matched] {
                index = text.index(after: index)
                matched += 1
            }
            if matched == bracket.count { return first..<index }
            start = text.index(after: first)
        }
        return nil
    }

    /// `text` with each moment written in words, in `timeZone` with `clock`: for the CLI, a calendar, the API.
    public static func words(_ text: String, in timeZone: TimeZone = .current, clock: Clock = .local) -> String {
        guard find(openBytes, in: text.utf8[...]) != nil else { return text }
        return pieces(text).map { piece in
            switch piece {
            case .text(let words): words
            case .moment(let date, .dayAndTime): DisplayDate.dayAndTime(date, in: timeZone, clock: clock)
            case .moment(let date, .time): DisplayDate.time(date, in: timeZone, clock: clock)
            }
        }.joined()
    }
}
