import AssignmentTrackerWeb
import Foundation
import KernelTestSupport
import Testing

/// The list is kept in memory until something changes; what depends on the clock must still be right at each request.
@Suite("Assignments list over time")
struct TimeLeftTests {
    /// 15 January 2030, 17:00 on this machine's clock, when the tests' assignment falls due.
    static let due: Date = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar.date(from: DateComponents(year: 2030, month: 1, day: 15, hour: 17))!
    }()

    func withAssignments(
        _ clock: TestClock,
        _ test: @Sendable (WebTestSession) async throws -> Void
    ) async throws {
        let feature = AssignmentTrackerFeature(now: { clock.now() }, scheduleInterval: .milliseconds(50))
        try await withTestShell(features: [feature]) { session, _ in try await test(session) }
    }

    static func rowsOf(_ page: String, list: String) -> Substring {
        guard let start = page.range(of: "id=\"\(list)\"") else { return "" }
        let rest = page[start.upperBound...]
        return rest[..<(rest.range(of: "</ul>")?.lowerBound ?? rest.endIndex)]
    }

    @Test("the time left is as at each request though nothing was changed in between, on the page and its rows")
    func timeLeftAtTheRequest() async throws {
        let clock = TestClock(Self.due.addingTimeInterval(-5 * 86_400))
        try await withAssignments(clock) { session in
            _ = try await AssignmentRoutesTests.add(session)
            #expect(try await session.get("/assignments").text.contains(#"<span class="due-ahead">5 days left</span>"#))
            clock.set(Self.due.addingTimeInterval(-86_400))
            let page = try await session.get("/assignments").text
            #expect(page.contains(#"<span class="due-soon">1 day left</span>"#))
            #expect(!page.contains("5 days left"))
            clock.set(Self.due.addingTimeInterval(2 * 3_600))
            let rows = try await session.get("/assignments/rows?section=current").text
            #expect(rows.contains(#"<span class="due-overdue">2 hours overdue</span>"#))
        }
    }

    @Test("a marked assignment moves to the archive when it falls due, though nothing was changed")
    func movesToTheArchiveOnTime() async throws {
        let clock = TestClock(Self.due.addingTimeInterval(-3_600))
        try await withAssignments(clock) { session in
            var fields = AssignmentRoutesTests.assignment
            fields[fields.firstIndex { $0.0 == "mark" }!] = ("mark", "70")
            let id = try await AssignmentRoutesTests.add(session, fields)
            let before = try await session.get("/assignments").text
            #expect(Self.rowsOf(before, list: "assignment-list").contains("id=\"assignment-\(id)\""))
            #expect(before.contains("Archive (0)"))
            clock.set(Self.due.addingTimeInterval(60))
            try await eventually("the assignment is in the archive") {
                let page = try await session.get("/assignments").text
                return page.contains("Archive (1)") && Self.rowsOf(page, list: "archive-list").contains("id=\"assignment-\(id)\"")
                    && !Self.rowsOf(page, list: "assignment-list").contains("id=\"assignment-\(id)\"")
            }
        }
    }
}
