/// Writes iCalendar text (RFC 5545): content lines ended by CRLF, folded so no line is longer than 75 octets, and
/// TEXT values escaped.
public struct ICalendarWriter: Sendable {
    /// The longest line, in octets, CRLF excluded (RFC 5545 §3.1).
    public static let lineLimit = 75

    private var output: [UInt8] = []

    /// An empty writer.
    public init() {}

    /// The text written so far.
    public var text: String { String(decoding: output, as: UTF8.self) }

    /// Writes `NAME:value` with the value as it is (for values that are not TEXT: dates, numbers, fixed words).
    public mutating func raw(_ name: String, _ value: String) {
        line(name + ":" + value)
    }

    /// Writes `NAME:value` with `value` escaped as TEXT: backslash, semicolon and comma preceded by a backslash, a
    /// line break written as `\n`, and other control characters dropped.
    public mutating func text(_ name: String, _ value: String) {
        line(name + ":" + Self.escaped(value))
    }

    /// `value` escaped as an iCalendar TEXT value.
    public static func escaped(_ value: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(value.unicodeScalars.count)
        var previousWasCR = false
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousWasCR { result += "\\n" }
            default:
                if scalar.properties.generalCategory == .control, scalar != "\t" { break }
                result.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return result
    }

    /// Writes one content line, folded: after every 75 octets (74 on continuation lines, which start with a space),
    /// a CRLF and a space, never inside a UTF-8 sequence.
    mutating func line(_ content: String) {
        var count = 0
        for scalar in content.unicodeScalars {
            let width = UTF8.width(scalar)
            if count + width > Self.lineLimit {
                output.append(contentsOf: [13, 10, 32])
                count = 1
            }
            UTF8.encode(scalar) { output.append($0) }
            count += width
        }
        output.append(contentsOf: [13, 10])
    }
}
