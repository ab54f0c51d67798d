import Testing

@testable import TaskList

@Suite("Dates in words")
struct TaskDayWordsTests {
    // 2026-11-23 is a Monday.
    let monday = TaskDay(year: 2026, month: 11, day: 23)!

    @Test("today, tomorrow, yesterday and ISO dates, in any case, with spaces around")
    func words() {
        #expect(TaskDay(words: "today", today: monday) == monday)
        #expect(TaskDay(words: " Tomorrow ", today: monday) == TaskDay(year: 2026, month: 11, day: 24))
        #expect(TaskDay(words: "YESTERDAY", today: monday) == TaskDay(year: 2026, month: 11, day: 22))
        #expect(TaskDay(words: "2026-12-31", today: monday) == TaskDay(year: 2026, month: 12, day: 31))
    }

    @Test("a weekday name is the next such day, today when it is today; three-letter names too")
    func weekdays() {
        #expect(TaskDay(words: "monday", today: monday) == monday)
        #expect(TaskDay(words: "tuesday", today: monday) == TaskDay(year: 2026, month: 11, day: 24))
        #expect(TaskDay(words: "Fri", today: monday) == TaskDay(year: 2026, month: 11, day: 27))
        #expect(TaskDay(words: "sunday", today: monday) == TaskDay(year: 2026, month: 11, day: 29))
        #expect(TaskDay(words: "sun", today: TaskDay(year: 2026, month: 12, day: 31)!) == TaskDay(year: 2027, month: 1, day: 3))
    }

    @Test("anything else is refused", arguments: ["", "someday", "fr", "frid", "next friday", "2026-02-30", "31/12/2026", "tomorow"])
    func refused(_ text: String) {
        #expect(TaskDay(words: text, today: monday) == nil)
    }
}
