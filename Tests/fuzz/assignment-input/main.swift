import Foundation

// Fuzzes what people type into Assignments and what the calendar writes:
// - the assignment and task form checks never crash, and what they accept keeps their rules (required text trimmed
//   and free of control characters, levels 4–7, percentages 0–100, a task's end after its start);
// - a date-time the form reads writes back as the same text, in UTC and in London (a skipped time is refused);
// - iCalendar TEXT: every content line is at most 75 octets and valid UTF-8 on its own, and unfolding and unescaping
//   gives back the value (control characters other than tabs and line breaks dropped, line breaks made \n).
// The input is split at NUL bytes into the form's fields.

let utc = TimeZone(identifier: "UTC")!
let london = TimeZone(identifier: "Europe/London")!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let fields = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }

    for zone in [utc, london] {
        let draft = AssignmentDraft(
            module: field(0),
            level: field(1),
            name: field(2),
            value: field(3),
            mark: field(4),
            due: field(5),
            notes: field(6),
            reminder: field(7),
            reminderAmount: field(8),
            reminderUnit: field(9),
            reminderAt: field(10)
        )
        if case .success(let input) = AssignmentValidation.validate(draft, in: zone) {
            precondition(!input.module.isEmpty && !input.name.isEmpty)
            precondition(input.module.first?.isWhitespace == false && input.name.last?.isWhitespace == false)
            precondition(!input.module.unicodeScalars.contains { $0.properties.generalCategory == .control })
            precondition((4...7).contains(input.level) && (0...100).contains(input.value))
            precondition(input.mark.map { (0...100).contains($0) } ?? true)
            precondition(input.name.utf8.count <= AssignmentValidation.maxNameLength * 4)
            if case .before(let minutes) = input.reminder { precondition(minutes >= 1) }
        }
        let task = TaskDraft(
            name: field(0),
            start: field(5),
            lengthKind: field(1),
            end: field(10),
            amount: field(8),
            notes: field(6),
            due: field(4),
            percent: field(3),
            reminder: field(7),
            reminderAmount: field(8),
            reminderUnit: field(9),
            reminderAt: field(10)
        )
        if case .success(let input) = TaskValidation.validate(task, in: zone) {
            precondition(!input.name.isEmpty && (0...100).contains(input.percent))
            if case .until(let end) = input.length { precondition(end > input.startAt) }
            if let seconds = input.length.seconds(from: input.startAt) { precondition(seconds > 0) }
            if let due = input.dueAt { precondition(due >= input.startAt) }
        }
    }

    // Date-times read in a zone write back as typed (to the minute, with T), in UTC and where the clocks change.
    let text = field(0)
    for zone in [utc, london] {
        if let date = LocalDateTime.parse(text, in: zone) {
            let expected = String(text.prefix(16)).replacingOccurrences(of: " ", with: "T")
            precondition(LocalDateTime.format(date, in: zone) == expected, "\(text) → \(LocalDateTime.format(date, in: zone))")
        }
    }

    // iCalendar TEXT, folded and escaped.
    let value = String(decoding: bytes, as: UTF8.self)
    var writer = ICalendarWriter()
    writer.text("DESCRIPTION", value)
    let output = Array(writer.text.utf8)
    precondition(output.suffix(2) == [13, 10])
    var lines: [[UInt8]] = []
    var start = 0
    var index = 0
    while index + 1 < output.count {
        if output[index] == 13 && output[index + 1] == 10 {
            lines.append(Array(output[start..<index]))
            index += 2
            start = index
        } else {
            index += 1
        }
    }
    var unfolded: [UInt8] = []
    for (number, line) in lines.enumerated() {
        precondition(line.count <= ICalendarWriter.lineLimit, "a line of \(line.count) octets")
        precondition(String(validating: line, as: UTF8.self) != nil, "a line cut inside a character")
        precondition(!line.contains(13) && !line.contains(10))
        if number == 0 {
            unfolded += line
        } else {
            precondition(line.first == 32, "a continuation line without its space")
            unfolded += line.dropFirst()
        }
    }
    // Compared as bytes and scalars: a value starting with a combining mark joins the colon into one Character.
    let name = Array("DESCRIPTION:".utf8)
    precondition(Array(unfolded.prefix(name.count)) == name)
    let written = String(decoding: unfolded.dropFirst(name.count), as: UTF8.self)
    precondition(Array(unescape(written).unicodeScalars) == Array(expectedText(value).unicodeScalars))
    return 0
}

/// The value as the calendar keeps it: CRLF, CR and LF each one line break; other controls but tab dropped.
func expectedText(_ value: String) -> String {
    var result = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in value.unicodeScalars {
        if scalar == "\r" {
            result.append("\n")
        } else if scalar == "\n" {
            if !previousWasCR { result.append("\n") }
        } else if scalar.properties.generalCategory != .control || scalar == "\t" {
            result.append(scalar)
        }
        previousWasCR = scalar == "\r"
    }
    return String(result)
}

/// Reads an escaped TEXT value back.
func unescape(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var escaping = false
    for scalar in text.unicodeScalars {
        if escaping {
            switch scalar {
            case "n", "N": result.append("\n")
            default: result.append(scalar)
            }
            escaping = false
        } else if scalar == "\\" {
            escaping = true
        } else {
            precondition(scalar != ";" && scalar != ",", "an unescaped separator")
            result.append(scalar)
        }
    }
    precondition(!escaping, "a dangling backslash")
    return String(result)
}
