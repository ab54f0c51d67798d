import Foundation
import Kernel
import KernelText

/// Assignments as iCalendar (RS2): one `VEVENT` per assignment at its due time, with a `VALARM` for its reminder.
///
/// Each event's `UID` is the assignment's own and never changes; `SEQUENCE` is its edit count; `DTSTAMP` and
/// `LAST-MODIFIED` are when it last changed, so a calendar that subscribes sees edits as updates of one event, and
/// a deleted assignment simply leaves the feed.
public enum AssignmentCalendar {
    /// The `PRODID` of every calendar written here.
    public static let productID = "-//Atelier//Assignments//EN"

    /// The UID of `assignment`'s event: `<uid>@atelier`.
    public static func uid(of assignment: Assignment) -> String {
        "\(assignment.uid)@atelier"
    }

    /// A whole calendar holding `assignments`, named `name`.
    public static func calendar(
        _ assignments: some Sequence<Assignment>,
        name: String = "Assignments",
        timeZone: TimeZone = .current
    )
        -> String
    {
        var writer = ICalendarWriter()
        begin(&writer, name: name)
        for assignment in assignments { event(assignment, into: &writer, timeZone: timeZone) }
        writer.raw("END", "VCALENDAR")
        return writer.text
    }

    /// A calendar holding `assignment` alone, for a download or a CalDAV `PUT`.
    public static func single(_ assignment: Assignment, timeZone: TimeZone = .current) -> String {
        calendar([assignment], name: assignment.name, timeZone: timeZone)
    }

    private static func begin(_ writer: inout ICalendarWriter, name: String) {
        writer.raw("BEGIN", "VCALENDAR")
        writer.raw("VERSION", "2.0")
        writer.raw("PRODID", productID)
        writer.raw("CALSCALE", "GREGORIAN")
        writer.text("X-WR-CALNAME", name)
    }

    static func event(_ assignment: Assignment, into writer: inout ICalendarWriter, timeZone: TimeZone) {
        writer.raw("BEGIN", "VEVENT")
        writer.text("UID", uid(of: assignment))
        writer.raw("DTSTAMP", LocalDateTime.iCalendarUTC(assignment.updatedAt))
        writer.raw("CREATED", LocalDateTime.iCalendarUTC(assignment.createdAt))
        writer.raw("LAST-MODIFIED", LocalDateTime.iCalendarUTC(assignment.updatedAt))
        writer.raw("SEQUENCE", String(assignment.sequence))
        // A DATE-TIME start with no end or duration is an event that takes no time, at the due moment (§3.6.1).
        writer.raw("DTSTART", LocalDateTime.iCalendarUTC(assignment.dueAt))
        writer.text("SUMMARY", "\(assignment.module): \(assignment.name) due")
        writer.text("DESCRIPTION", description(of: assignment))
        writer.text("CATEGORIES", "Level \(assignment.level)")
        writer.raw("TRANSP", "TRANSPARENT")
        switch assignment.reminder {
        case .off:
            break
        case .before(let minutes):
            alarm(&writer, trigger: "TRIGGER:-PT\(minutes)M", assignment: assignment, timeZone: timeZone)
        case .at(let date):
            alarm(
                &writer,
                trigger: "TRIGGER;VALUE=DATE-TIME:" + LocalDateTime.iCalendarUTC(date),
                assignment: assignment,
                timeZone: timeZone
            )
        }
        writer.raw("END", "VEVENT")
    }

    private static func alarm(_ writer: inout ICalendarWriter, trigger: String, assignment: Assignment, timeZone: TimeZone) {
        writer.raw("BEGIN", "VALARM")
        writer.raw("ACTION", "DISPLAY")
        writer.text("DESCRIPTION", "\(assignment.name) is due \(DisplayDate.dayAndTime(assignment.dueAt, in: timeZone, clock: .local))")
        writer.line(trigger)
        writer.raw("END", "VALARM")
    }

    /// What the event says besides its title. Only the assignment's own fields: task progress changes without an edit
    /// of the assignment, and an event whose text changed must carry a new DTSTAMP and SEQUENCE.
    private static func description(of assignment: Assignment) -> String {
        var lines = ["Level \(assignment.level) · worth \(assignment.value)% of \(assignment.module)"]
        if let mark = assignment.mark { lines.append("Mark: \(mark)%") }
        if !assignment.notes.isEmpty { lines.append(assignment.notes) }
        return lines.joined(separator: "\n")
    }
}
