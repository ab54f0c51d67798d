import Foundation
import Testing

@testable import AssignmentTracker

@Suite("iCalendar text (RFC 5545)")
struct CalendarTests {
    func assignment(name: String = "Coursework", notes: String = "", reminder: Reminder = .off, sequence: Int = 0) -> Assignment {
        Assignment(
            id: 7,
            uid: "0f0e0d0c-aaaa-bbbb-cccc-000000000001",
            module: "Mobile Development",
            level: 6,
            name: name,
            value: 40,
            mark: 65,
            dueAt: at("2027-01-15T17:00"),
            notes: notes,
            reminder: reminder,
            sequence: sequence,
            createdAt: at("2027-01-01T09:00"),
            updatedAt: at("2027-01-02T10:30")
        )
    }

    @Test("lines end in CRLF; the event has a stable UID, DTSTAMP, SEQUENCE and the due time in UTC")
    func event() {
        let text = AssignmentCalendar.calendar([assignment(sequence: 3)], timeZone: london)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Atelier//Assignments//EN\r\n"))
        #expect(text.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.contains("UID:0f0e0d0c-aaaa-bbbb-cccc-000000000001@atelier"))
        #expect(lines.contains("DTSTAMP:20270102T103000Z"))
        #expect(lines.contains("SEQUENCE:3"))
        #expect(lines.contains("DTSTART:20270115T170000Z"))
        #expect(lines.contains("SUMMARY:Mobile Development: Coursework due"))
        #expect(!text.contains("BEGIN:VALARM"))
    }

    @Test("a reminder becomes a VALARM: relative for a lead time, absolute for a set time")
    func alarms() {
        let before = AssignmentCalendar.single(assignment(reminder: .before(minutes: 2_880)), timeZone: london)
        #expect(before.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\n"))
        #expect(before.contains("\r\nTRIGGER:-PT2880M\r\n"))
        let set = AssignmentCalendar.single(assignment(reminder: .at(at("2027-01-14T09:00"))), timeZone: london)
        #expect(set.contains("\r\nTRIGGER;VALUE=DATE-TIME:20270114T090000Z\r\n"))
    }

    @Test("TEXT escapes backslash, semicolon and comma, and writes line breaks as \\n")
    func escaping() {
        #expect(ICalendarWriter.escaped("a,b;c\\d\ne\r\nf\rg") == "a\\,b\\;c\\\\d\\ne\\nf\\ng")
        #expect(ICalendarWriter.escaped("bell\u{7}tab\t") == "belltab\t")
        let text = AssignmentCalendar.single(assignment(name: "Essay; part 1, draft"), timeZone: london)
        #expect(text.contains("SUMMARY:Mobile Development: Essay\\; part 1\\, draft due\r\n"))
    }

    @Test("lines fold at 75 octets, never inside a multi-byte character, and unfold to the original")
    func folding() {
        let notes = String(repeating: "Ünïcödé ✓ 漢字 🎓 ", count: 12)
        let text = AssignmentCalendar.single(assignment(notes: notes), timeZone: london)
        let lines = text.components(separatedBy: "\r\n").dropLast()
        for line in lines { #expect(line.utf8.count <= 75, "\(line.utf8.count) octets: \(line)") }
        // Cut as bytes at every CRLF, each line is valid UTF-8 on its own: no character was split.
        let bytes = Array(text.utf8)
        var lineStart = 0
        for index in bytes.indices.dropLast() where bytes[index] == 13 && bytes[index + 1] == 10 {
            #expect(String(validating: bytes[lineStart..<index], as: UTF8.self) != nil)
            lineStart = index + 2
        }
        #expect(lines.contains { $0.hasPrefix(" ") })
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains(ICalendarWriter.escaped(notes)))
        // A line of exactly 75 octets is not folded; 76 is.
        var writer = ICalendarWriter()
        writer.raw("X", String(repeating: "a", count: 73))
        writer.raw("Y", String(repeating: "a", count: 74))
        #expect(writer.text == "X:" + String(repeating: "a", count: 73) + "\r\nY:" + String(repeating: "a", count: 73) + "\r\n a\r\n")
    }
}
