import Foundation
import Testing

@testable import AssignmentTracker

@Suite("Checking what people type")
struct ValidationTests {
    let good = AssignmentDraft(module: " Mobile Development ", level: "6", name: "Coursework", value: "40%", due: "2027-01-15T17:00")

    func errors(_ draft: AssignmentDraft) -> FieldErrors<AssignmentField>? {
        if case .failure(let errors) = AssignmentValidation.validate(draft, in: london) { return errors }
        return nil
    }

    @Test("a good assignment is accepted, trimmed, its due time read in local time")
    func accepted() throws {
        let input = try AssignmentValidation.validate(good, in: london).get()
        #expect(input.module == "Mobile Development")
        #expect(input.level == 6 && input.value == 40 && input.mark == nil)
        #expect(input.dueAt == Date(timeIntervalSince1970: 1_800_032_400))  // 2027-01-15 17:00 GMT
        #expect(input.reminder == .off)
    }

    @Test("every field refused says why, beside itself, and all at once")
    func everyField() {
        let draft = AssignmentDraft(
            module: "  ",
            level: "3",
            name: "",
            value: "101",
            mark: "abc",
            due: "2027-02-30T10:00",
            notes: "bad\u{0}",
            reminder: "before",
            reminderAmount: "0"
        )
        let refused = errors(draft)
        #expect(refused?.fields == AssignmentField.allCases)
        #expect(refused?[.level] == "Choose level 4, 5, 6 or 7.")
        #expect(refused?[.due] == "Use a real date and time, like 15 January 2027, 17:00.")
        #expect(refused?[.value]?.contains("0 to 100") == true)
    }

    @Test("levels are 4 to 7 only")
    func levels() {
        for level in ["4", "5", "6", "7"] {
            var draft = good
            draft.level = level
            #expect(errors(draft) == nil)
        }
        for level in ["3", "8", "6.5", "", "six", "-6"] {
            var draft = good
            draft.level = level
            #expect(errors(draft)?[.level] != nil, "level \(level)")
        }
    }

    @Test("value and mark are whole percentages; an empty mark is none")
    func percentages() throws {
        for (text, ok) in [("0", true), ("100", true), ("55 %", true), ("101", false), ("-1", false), ("4.5", false), ("٣", false)] {
            var draft = good
            draft.mark = text
            #expect((errors(draft)?[.mark] == nil) == ok, "mark \(text)")
        }
        #expect(try AssignmentValidation.mark("  ").get() == nil)
        #expect(try AssignmentValidation.mark("65").get() == 65)
    }

    @Test("text fields refuse NUL and control characters, and cap characters and bytes")
    func text() {
        var draft = good
        draft.name = "Essay\u{1B}[31m"
        #expect(errors(draft)?[.name]?.contains("control characters") == true)
        draft.name = String(repeating: "x", count: 201)
        #expect(errors(draft)?[.name] == "Keep the name to 200 characters (this has 201).")
        draft.name = "e" + String(repeating: "\u{301}", count: 3_200)  // one character, 6,401 bytes
        #expect(errors(draft)?[.name]?.contains("bytes") == true)
        draft.name = "Coursework"
        draft.notes = "Line one\nLine two\ttabbed"
        #expect(errors(draft) == nil)
        draft.notes = "NUL\u{0}inside"
        #expect(errors(draft)?[.notes] != nil)
    }

    @Test("reminders: off, a lead time in minutes, hours or days, or a set time")
    func reminders() throws {
        var draft = good
        draft.reminder = "before"
        draft.reminderAmount = "2"
        draft.reminderUnit = "days"
        #expect(try AssignmentValidation.validate(draft, in: london).get().reminder == .before(minutes: 2_880))
        draft.reminderUnit = "weeks"
        #expect(errors(draft)?[.reminder] == "Choose minutes, hours or days for the reminder.")
        draft.reminder = "at"
        draft.reminderAt = "2027-01-14T09:00"
        #expect(try AssignmentValidation.validate(draft, in: london).get().reminder == .at(at("2027-01-14T09:00")))
        draft.reminderAt = "tomorrow"
        #expect(errors(draft)?[.reminder] != nil)
    }

    @Test("an assignment's edit form shows its values as typed")
    func roundTrip() throws {
        let input = try AssignmentValidation.validate(good, in: london).get()
        let assignment = Assignment(
            module: input.module,
            level: input.level,
            name: input.name,
            value: input.value,
            dueAt: input.dueAt,
            reminder: .before(minutes: 90),
            createdAt: Date(),
            updatedAt: Date()
        )
        let draft = AssignmentDraft(assignment, in: london)
        #expect(draft.due == "2027-01-15T17:00")
        #expect(draft.reminder == "before" && draft.reminderAmount == "90" && draft.reminderUnit == "minutes")
    }

    @Test("a task's length is an end date, hours or days, and its form shows what was entered")
    func taskLength() throws {
        let end = try taskInput("Draft", start: "2027-01-04", length: ("end", "2027-01-06T12:00", ""))
        #expect(end.length == .until(at("2027-01-06T12:00")))
        #expect(end.startAt == at("2027-01-04T00:00"))
        let hours = try taskInput("Draft", length: ("hours", "", "1.5"))
        #expect(hours.length.seconds(from: hours.startAt) == 5_400)
        let days = try taskInput("Draft", length: ("days", "", "3"))
        let stored = AssignmentTask(
            assignmentID: 1,
            name: "Draft",
            startAt: days.startAt,
            length: days.length,
            createdAt: Date(),
            updatedAt: Date()
        )
        let draft = TaskDraft(stored, in: london)
        #expect(draft.lengthKind == "days" && draft.amount == "3" && draft.end.isEmpty)
    }

    @Test("task fields refused say why")
    func taskRefusals() {
        func refused(_ draft: TaskDraft) -> FieldErrors<TaskField>? {
            if case .failure(let errors) = TaskValidation.validate(draft, in: london) { return errors }
            return nil
        }
        #expect(refused(TaskDraft(name: "", start: "2027-01-04"))?[.name] == "Give the task a name.")
        #expect(refused(TaskDraft(name: "A", start: ""))?[.start] != nil)
        #expect(
            refused(TaskDraft(name: "A", start: "2027-01-04", lengthKind: "end", end: "2027-01-03"))?[.length]
                == "The end must come after the start."
        )
        #expect(refused(TaskDraft(name: "A", start: "2027-01-04", lengthKind: "hours", amount: "0"))?[.length] != nil)
        #expect(refused(TaskDraft(name: "A", start: "2027-01-04", lengthKind: "days", amount: "1.255"))?[.length] != nil)
        #expect(refused(TaskDraft(name: "A", start: "2027-01-04", lengthKind: "days", amount: "1e3"))?[.length] != nil)
        #expect(refused(TaskDraft(name: "A", start: "2027-01-04", percent: "101"))?[.percent] != nil)
        #expect(refused(TaskDraft(name: "A", start: "2027-01-04", due: "2027-01-03"))?[.due] == "The due date can’t be before the start.")
        #expect(refused(TaskDraft(name: "A", start: "2027-01-04", reminder: "before", reminderAmount: "1"))?[.reminder] != nil)
        #expect(refused(TaskDraft(name: "A\u{0}", start: "2027-01-04"))?[.name]?.contains("control") == true)
    }

    @Test("local date-times: the form's layouts, real days only, DST-aware")
    func localDateTime() {
        #expect(LocalDateTime.parse("2027-07-01T12:00", in: london) == Date(timeIntervalSince1970: 1_814_439_600))  // BST, UTC+1
        #expect(LocalDateTime.parse("2027-07-01 12:00:30", in: london) == Date(timeIntervalSince1970: 1_814_439_630))
        #expect(LocalDateTime.parse("2027-07-01", in: london) == nil)
        #expect(LocalDateTime.parse("2028-02-29T00:00", in: london) != nil)
        #expect(LocalDateTime.parse("2027-02-29T00:00", in: london) == nil)
        #expect(LocalDateTime.parse("2027-01-01T24:00", in: london) == nil)
        #expect(LocalDateTime.parse("２０２７-01-01T10:00", in: london) == nil)
        #expect(LocalDateTime.parse("2027-03-28T01:30", in: london) == nil)  // the clocks skip from 01:00 to 02:00
        #expect(LocalDateTime.parse("2027-03-28T02:00", in: london) != nil)
        #expect(LocalDateTime.parse("2027-10-31T01:30", in: london) != nil)  // happens twice: one of them is taken
        #expect(LocalDateTime.format(at("2027-07-01T12:00"), in: london) == "2027-07-01T12:00")
        #expect(LocalDateTime.iCalendarUTC(at("2027-07-01T12:00")) == "20270701T110000Z")
    }
}
