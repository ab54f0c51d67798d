import AssignmentTrackerWeb
import Foundation
import KernelTestSupport
import Testing

/// The list is kept in memory until something changes; where an assignment is listed must still follow the clock.
/// (The time left in each row is written by the page's script: `Tests/browser/test_time_left.py`.)
@Suite("Assignments list over time")
struct SectionsOverTimeTests {
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

    @Test("a marked assignment moves to the archive when it falls due, though nothing was changed; back if the clock is")
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
            clock.set(Self.due.addingTimeInterval(-600))
            try await eventually("the assignment is current again") {
                let page = try await session.get("/assignments").text
                return page.contains("Archive (0)") && Self.rowsOf(page, list: "assignment-list").contains("id=\"assignment-\(id)\"")
            }
        }
    }
}
