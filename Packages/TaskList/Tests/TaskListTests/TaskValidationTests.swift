import Testing

@testable import TaskList

@Suite("Validating a submitted task")
struct TaskValidationTests {
    private func errors(_ draft: TaskDraft) throws -> TaskValidationErrors {
        switch TaskValidation.validate(draft) {
        case .success(let input): throw UnexpectedSuccess(input: input)
        case .failure(let errors): return errors
        }
    }

    private struct UnexpectedSuccess: Error {
        let input: TaskInput
    }

    @Test("accepts a complete task, trimming the name and the day")
    func acceptsCompleteTask() throws {
        let input = try TaskValidation.input(from: TaskDraft(name: "  Buy milk \n", details: "Semi-skimmed", day: " 2026-11-21 "))
        #expect(input.name == "Buy milk")
        #expect(input.details == "Semi-skimmed")
        #expect(input.day == TaskDay(year: 2026, month: 11, day: 21))
    }

    @Test("keeps the description as typed, less trailing whitespace")
    func keepsDetailsAsTyped() throws {
        let input = try TaskValidation.input(from: TaskDraft(name: "Pack", details: "  - socks\n  - boots  \n\n", day: "2026-11-21"))
        #expect(input.details == "  - socks\n  - boots")
    }

    @Test("accepts an empty description")
    func acceptsEmptyDetails() throws {
        #expect(try TaskValidation.input(from: TaskDraft(name: "Pack", details: "   ", day: "2026-11-21")).details == "")
    }

    @Test("refuses control characters in the name (a NUL anywhere, a line break inside), and in the description but line breaks and tabs")
    func controlCharacters() throws {
        for name in ["\u{0}abc", "ab\u{0}c", "two\nlines", "bell\u{7}", "esc\u{1B}[31m"] {
            #expect(
                try errors(TaskDraft(name: name, details: "", day: "2026-11-21")).messages[.name]?.contains("control characters") == true,
                "\(name.debugDescription)"
            )
        }
        #expect(
            try errors(TaskDraft(name: "A", details: "x\u{0}y", day: "2026-11-21")).messages[.details]?.contains("control characters")
                == true
        )
        #expect((try? TaskValidation.input(from: TaskDraft(name: "A", details: "line one\r\n\tline two", day: "2026-11-21"))) != nil)
    }

    @Test("a single character carrying 150,000 combining marks does not pass the length limit")
    func combiningMarks() throws {
        let heavy = "e" + String(repeating: "\u{301}", count: 150_000)
        #expect(heavy.count == 1)
        #expect(
            try errors(TaskDraft(name: heavy, details: "", day: "2026-11-21")).messages[.name]
                == "The name carries too many accents or symbols to store (300,001 bytes; the limit is 6,400)."
        )
        #expect(try errors(TaskDraft(name: "A", details: heavy, day: "2026-11-21")).messages[.details] != nil)
        #expect(
            (try? TaskValidation.input(from: TaskDraft(name: String(repeating: "🧑🏽‍🚀", count: 200), details: "", day: "2026-11-21"))) != nil
        )
    }

    @Test("refuses an empty or blank name", arguments: ["", "   ", "\n\t "])
    func refusesBlankName(name: String) throws {
        let errors = try errors(TaskDraft(name: name, day: "2026-11-21"))
        #expect(errors.messages == [.name: "Give the task a name."])
    }

    @Test("refuses an impossible or garbled date", arguments: ["2025-02-30", "next tuesday", "2026-13-01", "21/11/2026"])
    func refusesBadDay(day: String) throws {
        let errors = try errors(TaskDraft(name: "Pack", day: day))
        #expect(errors.messages == [.day: "Use a real date, like 2026-11-21."])
    }

    @Test("asks for a date when none is given")
    func refusesMissingDay() throws {
        #expect(try errors(TaskDraft(name: "Pack", day: " ")).messages == [.day: "Give the task a date, like 2026-11-21."])
    }

    @Test("states the limits as constants")
    func limits() {
        #expect(TaskValidation.maxNameLength == 200)
        #expect(TaskValidation.maxDetailsLength == 2_000)
    }

    @Test("accepts a name of exactly the limit, counted in characters")
    func acceptsNameAtLimit() throws {
        let name = String(repeating: "é", count: TaskValidation.maxNameLength)
        #expect(try TaskValidation.input(from: TaskDraft(name: name, day: "2026-11-21")).name == name)
    }

    @Test("refuses a name past the limit, saying how long it is")
    func refusesLongName() throws {
        let errors = try errors(TaskDraft(name: String(repeating: "a", count: 231), day: "2026-11-21"))
        #expect(errors[.name] == "Keep the name to 200 characters (this has 231).")
    }

    @Test("accepts a description of exactly the limit")
    func acceptsDetailsAtLimit() throws {
        let details = String(repeating: "x", count: TaskValidation.maxDetailsLength)
        #expect(try TaskValidation.input(from: TaskDraft(name: "Read", details: details, day: "2026-11-21")).details == details)
    }

    @Test("refuses a description past the limit, saying how long it is")
    func refusesLongDetails() throws {
        let errors = try errors(TaskDraft(name: "Read", details: String(repeating: "x", count: 2_345), day: "2026-11-21"))
        #expect(errors[.details] == "Keep the description to 2,000 characters (this has 2,345).")
    }

    @Test("reports every refused field at once, in form order")
    func reportsAllFields() throws {
        let errors = try errors(TaskDraft(name: " ", details: String(repeating: "x", count: 2_001), day: "2025-02-30"))
        #expect(errors.fields == [.name, .details, .day])
        #expect(errors[.name] == "Give the task a name.")
        #expect(errors[.details] == "Keep the description to 2,000 characters (this has 2,001).")
        #expect(errors[.day] == "Use a real date, like 2026-11-21.")
        #expect(
            errors.description
                == "Give the task a name. Keep the description to 2,000 characters (this has 2,001). Use a real date, like 2026-11-21."
        )
    }

    @Test("throws the same errors from the throwing entry points")
    func throwingEntryPoints() throws {
        let day = try #require(TaskDay(isoString: "2026-11-21"))
        #expect(throws: TaskValidationErrors(messages: [.name: "Give the task a name."])) {
            try TaskInput(name: "  ", day: day)
        }
        #expect(throws: TaskValidationErrors(messages: [.day: "Use a real date, like 2026-11-21."])) {
            try TaskValidation.input(from: TaskDraft(name: "Pack", day: "2026-02-30"))
        }
        #expect(
            try TaskInput(name: " Pack ", details: "Boots ", day: day)
                == TaskValidation.input(from: TaskDraft(name: "Pack", details: "Boots", day: "2026-11-21"))
        )
    }

    @Test("fills a draft from a stored task, for editing")
    func draftFromItem() throws {
        let day = try #require(TaskDay(isoString: "2026-11-21"))
        let item = TaskItem(id: 3, name: "Pack", details: "Boots", day: day, createdAt: .distantPast, updatedAt: .distantPast)
        #expect(TaskDraft(item) == TaskDraft(name: "Pack", details: "Boots", day: "2026-11-21"))
    }
}
