import AssignmentTracker
import AssignmentTrackerWeb
import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import Kernel
import KernelStorage
import KernelTestSupport
import KernelWeb
import Testing

@Suite("Assignments pages, through the real shell")
struct AssignmentRoutesTests {
    func withAssignments(_ test: @Sendable (WebTestSession, TestShellParts) async throws -> Void) async throws {
        try await withTestShell(features: [AssignmentTrackerFeature()], test)
    }

    static let assignment: [(String, String)] = [
        ("module", "Mobile Development"), ("level", "6"), ("name", "Coursework"), ("value", "40"), ("mark", ""),
        ("due", "2030-01-15T17:00"), ("notes", "Read the brief"), ("reminder", "before"), ("reminderAmount", "2"),
        ("reminderUnit", "days"), ("reminderAt", ""),
    ]

    static func task(_ name: String, percent: String = "0", days: String = "1") -> [(String, String)] {
        [
            ("name", name), ("start", "2030-01-01T09:00"), ("lengthKind", "days"), ("amount", days), ("end", ""), ("due", ""),
            ("percent", percent), ("notes", ""), ("reminder", "off"),
        ]
    }

    /// Adds the standard assignment and returns its id.
    static func add(_ session: WebTestSession, _ fields: [(String, String)] = assignment) async throws -> Int64 {
        let response = try await session.post("/assignments", form: fields)
        #expect(response.status == .seeOther)
        return try response.locationID(after: "/assignments/")
    }

    @Test("an empty list invites adding; the form adds an assignment and shows it selected")
    func add() async throws {
        try await withAssignments { session, _ in
            let empty = try await session.get("/assignments")
            #expect(empty.status == .ok)
            #expect(empty.text.contains("No assignments due. Add one with +."))
            #expect(try await session.get("/assignments/new").text.contains("<h1 class=\"bar-title\">New Assignment</h1>"))
            let id = try await Self.add(session)
            let page = try await session.get("/assignments/\(id)")
            #expect(page.text.contains("<h2 class=\"detail-title\" id=\"detail-title\">Coursework</h2>"))
            #expect(page.text.contains("aria-current=\"page\""))
            #expect(page.text.contains("Mobile Development · Level 6 · worth 40%"))
            #expect(page.text.contains("2 days before"))
            #expect(page.text.contains("No tasks yet"))
        }
    }

    @Test("a task's notes (escaped, on their lines) and its reminder show in its row; the due bar says urgency")
    func taskNotesAndReminder() async throws {
        try await withAssignments { session, _ in
            let id = try await Self.add(session)
            var fields = Self.task("Draft")
            fields[7] = ("notes", "Outline <b>first</b>\nThen write")
            fields[8] = ("reminder", "at")
            fields.append(("reminderAt", "2030-01-02T10:00"))
            let added = try await session.post("/assignments/\(id)/tasks", form: fields)
            #expect(added.status == .seeOther)
            let page = try await session.get("/assignments/\(id)")
            #expect(page.text.contains("<span class=\"row-sub notes task-notes\">Outline &lt;b&gt;first&lt;/b&gt;\nThen write</span>"))
            // The reminder's moment is a <time>, which the page writes in the reader's zone and clock.
            #expect(page.text.contains("<span class=\"row-sub task-reminder\">Reminder at <time datetime=\""))
            #expect(page.text.contains("data-format=\"datetime\">2 January 2030, 10:00</time></span>"))
        }
    }

    @Test("a refused form comes back with a message beside each field and what was typed")
    func refused() async throws {
        try await withAssignments { session, _ in
            var fields = Self.assignment
            fields[1] = ("level", "9")
            fields[2] = ("name", "<script>alert(1)</script>")
            fields[3] = ("value", "140")
            fields[5] = ("due", "2030-02-31T10:00")
            let response = try await session.post("/assignments", form: fields)
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("Choose level 4, 5, 6 or 7."))
            #expect(response.text.contains("Use a real date and time"))
            #expect(response.text.contains("value=\"&lt;script&gt;alert(1)&lt;/script&gt;\""))
            #expect(response.text.contains("value=\"140\""))
            #expect(response.text.contains("aria-describedby=\"level-error\""))
            #expect(!response.text.contains("<script>alert"))
            #expect(try await session.get("/assignments").text.contains("No assignments due."))
        }
    }

    @Test("tasks: add three, set percentages, Done, delete one — the progress follows, exactly")
    func tasks() async throws {
        try await withAssignments { session, _ in
            let id = try await Self.add(session)
            var taskIDs: [Int64] = []
            for name in ["Research", "Draft", "Polish"] {
                let response = try await session.post("/assignments/\(id)/tasks", form: Self.task(name))
                #expect(response.status == .seeOther)
                taskIDs.append(try response.locationID(after: "#task-"))
            }
            try await session.post("/assignments/tasks/\(taskIDs[0])/done")
            var page = try await session.get("/assignments/\(id)")
            #expect(page.text.contains("<span class=\"overall-text\">33% done</span>"))
            let percent = try await session.post("/assignments/tasks/\(taskIDs[1])/percent", form: [("percent", "50")])
            #expect(percent.status == .seeOther)
            page = try await session.get("/assignments/\(id)")
            #expect(page.text.contains("<span class=\"overall-text\">50% done</span>"))
            #expect(page.text.contains("<span class=\"ring-label\">50% done</span>"))
            let bad = try await session.post("/assignments/tasks/\(taskIDs[1])/percent", form: [("percent", "150")])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("<span class=\"field-error\" id=\"percent-\(taskIDs[1])-error\">"))
            #expect(bad.text.contains("value=\"150\" autofocus aria-invalid=\"true\""))
            try await session.post("/assignments/tasks/\(taskIDs[2])/delete")
            page = try await session.get("/assignments/\(id)")
            #expect(page.text.contains("<span class=\"overall-text\">75% done</span>"))
            #expect(!page.text.contains("id=\"task-\(taskIDs[2])\""))
            #expect(page.text.contains("Deleted the task “Polish”."))
        }
    }

    @Test("a task's edit form shows the length as it was entered")
    func editTask() async throws {
        try await withAssignments { session, _ in
            let id = try await Self.add(session)
            let response = try await session.post("/assignments/\(id)/tasks", form: Self.task("Draft", days: "2.5"))
            let taskID = try response.locationID(after: "#task-")
            let form = try await session.get("/assignments/tasks/\(taskID)/edit")
            #expect(form.text.contains("<option value=\"days\" selected>Days</option>"))
            #expect(form.text.contains("id=\"amount\" name=\"amount\" inputmode=\"decimal\" value=\"2.5\""))
            #expect(form.text.contains("value=\"2030-01-01T09:00\""))
            var fields = Self.task("Draft v2")
            fields[2] = ("lengthKind", "end")
            fields[4] = ("end", "2030-01-01T08:00")
            let refused = try await session.post("/assignments/tasks/\(taskID)", form: fields)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("The end must come after the start."))
            #expect(refused.text.contains("value=\"Draft v2\""))
        }
    }

    @Test("the mark is set, changed and cleared from the detail (R10)")
    func mark() async throws {
        try await withAssignments { session, _ in
            let id = try await Self.add(session)
            var page = try await session.follow(try await session.post("/assignments/\(id)/mark", form: [("mark", "65")]))
            #expect(page.text.contains("Mark for “Coursework” set to 65%."))
            #expect(page.text.contains("value=\"65\" placeholder"))
            let refused = try await session.post("/assignments/\(id)/mark", form: [("mark", "abc<")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("<span class=\"field-error\" id=\"mark-error\">Give the mark as a whole number"))
            #expect(
                refused.text.contains(
                    "value=\"abc&lt;\" placeholder=\"Not marked yet\" autocomplete=\"off\" autofocus aria-invalid=\"true\""
                )
            )
            page = try await session.follow(try await session.post("/assignments/\(id)/mark", form: [("mark", "")]))
            #expect(page.text.contains("Mark for “Coursework” cleared."))
        }
    }

    @Test("edit keeps the calendar UID and raises SEQUENCE; delete asks first and takes the tasks")
    func editAndDelete() async throws {
        try await withAssignments { session, _ in
            let id = try await Self.add(session)
            try await session.post("/assignments/\(id)/tasks", form: Self.task("Research"))
            let before = try await session.get("/assignments/\(id)/calendar.ics")
            #expect(before.headers[.contentType] == "text/calendar; charset=utf-8")
            #expect(before.headers[.contentDisposition]?.contains("attachment") == true)
            let uid = try #require(before.text.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") })
            let edit = try await session.get("/assignments/\(id)/edit")
            #expect(edit.text.contains("value=\"2030-01-15T17:00\""))
            var fields = Self.assignment
            fields[2] = ("name", "Coursework, final")
            #expect(try await session.post("/assignments/\(id)", form: fields).status == .seeOther)
            let after = try await session.get("/assignments/calendar.ics")
            #expect(after.text.contains(uid + "\r\n"))
            #expect(after.text.contains("SEQUENCE:1\r\n"))
            #expect(after.text.contains("SUMMARY:Mobile Development: Coursework\\, final due"))
            let confirm = try await session.get("/assignments/\(id)/delete")
            #expect(confirm.text.contains("Its 1 task goes with it."))
            let deleted = try await session.post("/assignments/\(id)/delete")
            #expect(try await session.follow(deleted).text.contains("Deleted “Coursework, final” and its tasks."))
            #expect(!(try await session.get("/assignments/calendar.ics").text.contains("BEGIN:VEVENT")))
            #expect(try await session.get("/assignments/\(id)").status == .notFound)
        }
    }

    @Test("the selection is remembered per browser: the list comes back with it")
    func selection() async throws {
        try await withAssignments { session, _ in
            let first = try await Self.add(session)
            var fields = Self.assignment
            fields[2] = ("name", "Second")
            let second = try await Self.add(session, fields)
            // The first visit gives the browser its cookie; from then on what it opens is remembered.
            _ = try await session.get("/assignments/\(first)")
            #expect(session.cookie("assignments_browser") != nil)
            _ = try await session.get("/assignments/\(second)")
            let list = try await session.get("/assignments")
            #expect(list.text.contains("data-selected=\"\(second)\""))
            #expect(list.text.contains("<h2 class=\"detail-title\" id=\"detail-title\">Second</h2>"))
            #expect(!list.text.contains("showing-detail"))
            let state = try await session.post("/assignments/ui-state", form: [("archiveOpen", "1"), ("scroll", "320")])
            #expect(state.status == .noContent)
            let again = try await session.get("/assignments/\(first)")
            #expect(again.text.contains("data-scroll=\"320\""))
            #expect(again.text.contains("<details class=\"archive\" id=\"archive\" open>"))
            #expect(again.text.contains("split showing-detail"))
        }
    }

    @Test("rows page by cursor and the panel reads one assignment, for live refresh")
    func partials() async throws {
        try await withAssignments { session, _ in
            var ids: [Int64] = []
            for day in 10...12 {
                var fields = Self.assignment
                fields[2] = ("name", "Due \(day)")
                fields[5] = ("due", "2030-01-\(day)T17:00")
                ids.append(try await Self.add(session, fields))
            }
            let rows = try await session.get("/assignments/rows?section=current")
            #expect(rows.text.components(separatedBy: "class=\"row assignment-row\"").count == 4)
            let after = try await session.get("/assignments/rows?section=current&after=garbage")
            #expect(after.status == .ok)
            let panel = try await session.get("/assignments/\(ids[0])/panel")
            #expect(panel.text.hasPrefix("<article class=\"assignment-detail\""))
            try await session.post("/assignments/\(ids[0])/delete")
            #expect(try await session.get("/assignments/\(ids[0])/panel").text.contains("This assignment was deleted."))
        }
    }

    @Test("the feed carries an ETag: unchanged, a calendar app polling it gets 304; a change gives a new tag")
    func feedETag() async throws {
        try await withAssignments { session, _ in
            _ = try await Self.add(session)
            let first = try await session.get("/assignments/calendar.ics")
            let tag = try #require(first.headers[.eTag])
            let again = try await session.get("/assignments/calendar.ics", headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
            _ = try await Self.add(session)
            let changed = try await session.get("/assignments/calendar.ics", headers: [.ifNoneMatch: tag])
            #expect(changed.status == .ok && changed.headers[.eTag] != tag)
            #expect(changed.text.components(separatedBy: "BEGIN:VEVENT").count == 3)
        }
    }

    @Test("on a host exposed with a token, a calendar app subscribes with ?token= and gets the feed, not a redirect")
    func exposedFeed() async throws {
        let token = "calendar-token-0123456789"
        try await withTestShell(features: [AssignmentTrackerFeature()], access: AccessPolicy(token: token)) { session, _ in
            #expect(try await session.get("/assignments/calendar.ics").status == .unauthorized)
            #expect(try await session.get("/assignments/calendar.ics?token=wrong-token-0123456789").status == .unauthorized)
            let feed = try await session.get("/assignments/calendar.ics?token=\(token)")
            #expect(feed.status == .ok)
            #expect(feed.headers[.contentType] == "text/calendar; charset=utf-8")
            #expect(feed.text.hasPrefix("BEGIN:VCALENDAR\r\n"))
            // Pages still trade the token for a cookie and take it out of the address.
            #expect(try await session.get("/assignments?token=\(token)").status == .seeOther)
        }
    }

    @Test("every form post needs the CSRF token")
    func csrf() async throws {
        try await withAssignments { session, _ in
            let forged = try await session.post("/assignments", form: Self.assignment, csrf: false)
            #expect(forged.status == .forbidden)
            let id = try await Self.add(session)
            #expect(try await session.post("/assignments/\(id)/delete", csrf: false).status == .forbidden)
            #expect(try await session.post("/assignments/\(id)/mark", form: [("mark", "1")], csrf: false).status == .forbidden)
            #expect(try await session.get("/assignments/\(id)").status == .ok)
        }
    }
}

@Suite("Assignments past the first page")
struct AssignmentPagingTests {
    @Test("Show more reads the next rows by cursor and names where the live refresh reads from; that reads them all again")
    func more() async throws {
        try await withTestShell(features: [AssignmentTrackerFeature()]) { session, _ in
            for index in 0..<105 {
                var fields = AssignmentRoutesTests.assignment
                fields[2] = ("name", "Assignment \(index)")
                fields[5] = ("due", "2030-\(String(format: "%02d", 1 + index / 28))-\(String(format: "%02d", 1 + index % 28))T17:00")
                fields[7] = ("reminder", "off")
                _ = try await AssignmentRoutesTests.add(session, fields)
            }
            let list = try await session.get("/assignments")
            #expect(list.text.components(separatedBy: "class=\"row assignment-row\"").count == 101)
            let more = try #require(list.text.components(separatedBy: "data-more=\"").dropFirst().first?.prefix { $0 != "\"" })
            let next = try await session.get(String(more).replacingOccurrences(of: "&amp;", with: "&"))
            #expect(next.text.components(separatedBy: "class=\"row assignment-row\"").count == 6)
            #expect(next.text.contains("Assignment 104"))
            let source = try #require(next.headers[HTTPField.Name("X-Refresh-Source")!])
            #expect(source.contains("through="))
            let all = try await session.get(source)
            #expect(all.text.components(separatedBy: "class=\"row assignment-row\"").count == 106)
            #expect(!all.text.contains("data-more"))
            // Without script, Show more is a link to the list page from the cursor on.
            let link = try #require(
                list.text.components(separatedBy: "<a class=\"button secondary\" href=\"").dropFirst().first {
                    $0.hasPrefix("/assignments?section=current&amp;after=")
                }
            )
            let page = try await session.get(String(link.prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&"))
            #expect(page.text.contains("Assignment 104") && !page.text.contains(">Assignment 0<"))
        }
    }
}
