import Foundation
import GRDB
import HTTPTypes
import KernelTestSupport
import TaskList
import TaskListWeb
import Testing

@Suite("The task list at 10,000 tasks: paged by cursor, updated in place")
struct TaskListPagingTests {
    /// Runs `test` with the shell serving the task list over a database already holding `count` more tasks, written
    /// in one transaction before the first request (so no cached page predates them).
    func withManyTasks(
        _ count: Int,
        _ test: @Sendable (WebTestSession, TestShellParts) async throws -> Void
    ) async throws {
        try await withTestShell(features: [TaskListFeature()]) { session, parts in
            _ = try await session.get("/")  // the feature is up: its database exists and is migrated
            let pool = try DatabasePool(path: Self.databasePath(parts))
            try await pool.write { db in
                for index in 0..<count {
                    let name = "Task \(String(index, radix: 36)) with a name of ordinary length"
                    let day = String(format: "2026-%02d-%02d", 1 + index % 12, 1 + index % 28)
                    try db.execute(
                        sql: """
                            INSERT INTO tasks_item (name, details, isDone, day, createdAt, updatedAt, sortName)
                            VALUES (?, 'Some details about it', ?, ?, 0, 0, ?)
                            """,
                        arguments: [name, index % 10 == 0, day, TaskOrdering.sortKey(name)]
                    )
                }
            }
            try pool.close()
            try await test(session, parts)
        }
    }

    static func databasePath(_ parts: TestShellParts) -> String {
        parts.directory.dataDirectory.databasePath(named: "tasks")
    }

    static func names(in html: String) -> [String] {
        TaskRoutesTests.names(in: html)
    }

    /// The `data-more` address in `html`, unescaped, if the rows end with "Show more tasks".
    static func more(in html: String) -> String? {
        guard let range = html.range(of: #"data-more=""#) else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test("the first page is 25 rows and under 100 KB; scrolling on reaches every task once, in list order")
    func firstPageAndScrolling() async throws {
        try await withManyTasks(10_000) { session, parts in
            let page = try await session.get("/tasks")
            #expect(page.status == .ok)
            #expect(page.body.readableBytes < 100_000, "\(page.body.readableBytes) bytes")
            #expect(Self.names(in: page.text).count == TaskListPage.pageSize)
            #expect(page.text.contains("9004 to do · 1001 done"))
            var names = Self.names(in: page.text)
            var next = Self.more(in: page.text)
            var fetches = 0
            while let address = next {
                let rows = try await session.get(address)
                #expect(rows.status == .ok)
                #expect(rows.headers[HTTPField.Name("X-Refresh-Source")!]?.hasPrefix("/tasks/rows?through=") == true)
                names += Self.names(in: rows.text)
                next = Self.more(in: rows.text)
                fetches += 1
            }
            #expect(fetches == 10_005 / TaskListPage.pageSize)
            #expect(names.count == 10_005)
            #expect(Set(names).count == names.count)
            // The whole list's order, as the repository reads it in one go.
            let pool = try DatabasePool(path: Self.databasePath(parts))
            let all = try await TaskRepository(writer: pool).all().map(\.name)
            try pool.close()
            #expect(names == all)
        }
    }

    @Test("a live refresh reads every row loaded so far, through the last one, and still offers the rest")
    func refreshThrough() async throws {
        try await withManyTasks(1_000) { session, _ in
            let first = try await session.get("/tasks/rows")
            let second = try await session.get(Self.more(in: first.text)!)
            let source = try #require(second.headers[HTTPField.Name("X-Refresh-Source")!])
            let refreshed = try await session.get(source)
            #expect(Self.names(in: refreshed.text) == Self.names(in: first.text) + Self.names(in: second.text))
            #expect(Self.more(in: refreshed.text) == Self.more(in: second.text))
            // A new task sorted into the loaded range appears in the refresh, and the range still ends where it did.
            try await session.post("/tasks", form: [("name", "Aardvark day"), ("day", "2026-12-28")])
            let after = Self.names(in: try await session.get(source).text)
            #expect(after.count == 2 * TaskListPage.pageSize + 1)
            #expect(after.contains("Aardvark day"))
            #expect(after.last == Self.names(in: second.text).last)
        }
    }

    @Test("without a script, Show more is a link to the next page, which links back to the first")
    func withoutScript() async throws {
        try await withManyTasks(250) { session, _ in
            let first = try await session.get("/tasks")
            let link = try #require(first.text.range(of: #"<a class="button secondary" href=""#))
            let href = String(first.text[link.upperBound...].prefix { $0 != "\"" })
                .replacingOccurrences(of: "&amp;", with: "&")
            #expect(href.hasPrefix("/tasks?after=") && href.hasSuffix("#task-list"))
            let second = try await session.get(String(href.prefix { $0 != "#" }))
            #expect(second.status == .ok)
            #expect(Self.names(in: second.text).count == TaskListPage.pageSize)
            #expect(Set(Self.names(in: second.text)).isDisjoint(with: Self.names(in: first.text)))
            #expect(second.text.contains(#"href="/tasks">Back to the first tasks"#))
            #expect(!second.text.contains("launch-screen"))
        }
    }

    @Test("a toggle sent by the page's script is answered with the message as JSON, not a redirect; a plain form still redirects")
    func inlineToggle() async throws {
        try await withManyTasks(10) { session, _ in
            let rows = try await session.get("/tasks/rows")
            let id = try #require(rows.text.range(of: #"formaction="/tasks/"#).map { rows.text[$0.upperBound...].prefix { $0.isNumber } })
            let json = try await session.post("/tasks/\(id)/toggle", headers: [.accept: "application/json"])
            #expect(json.status == .ok)
            #expect(json.headers[.contentType]?.hasPrefix("application/json") == true)
            let answer = try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: String]
            #expect(answer?["kind"] == "success")
            #expect(answer?["message"]?.hasPrefix("Marked “") == true)
            #expect(answer?["location"] == "/tasks#task-\(id)")
            #expect(json.headers[.setCookie] == nil)
            let plain = try await session.post("/tasks/\(id)/toggle")
            #expect(plain.status == .seeOther)
            let deleted = try await session.post("/tasks/\(id)/delete", headers: [.accept: "application/json"])
            let undo = try JSONSerialization.jsonObject(with: Data(deleted.text.utf8)) as? [String: String]
            #expect(undo?["actionLabel"] == "Undo")
            #expect(undo?["actionPath"] == "/tasks/\(id)/restore")
            // Without the token it is refused either way.
            let refused = try await session.post("/tasks/\(id)/toggle", csrf: false, headers: [.accept: "application/json"])
            #expect(refused.status == .forbidden)
        }
    }

    @Test("after an action without script, the page comes back where the task now is, past the first page too")
    func backToTheRow() async throws {
        try await withManyTasks(250) { session, _ in
            let first = try await session.get("/tasks")
            let second = try await session.get(Self.more(in: first.text)!)
            let deep = try #require(
                second.text.range(of: #"formaction="/tasks/"#).map {
                    String(second.text[$0.upperBound...].prefix { $0.isNumber })
                }
            )
            // Saved where it stays (page 2): the page that starts with it.
            let name = Self.names(in: second.text)[0]
            let form = try await session.get("/tasks/\(deep)")
            let day = try #require(
                form.text.range(of: #"name="day" type="date" value=""#).map { String(form.text[$0.upperBound...].prefix(10)) }
            )
            let saved = try await session.post("/tasks/\(deep)", form: [("name", name + " edited"), ("day", day)])
            let location = try #require(saved.headers[.location])
            #expect(location.hasPrefix("/tasks?after=") && location.hasSuffix("#task-\(deep)"), "\(location)")
            let page = try await session.follow(saved)
            #expect(Self.names(in: page.text).first == name + " edited")
            // A task on the first page comes back to the first page.
            let top = try #require(
                first.text.range(of: #"formaction="/tasks/"#).map {
                    String(first.text[$0.upperBound...].prefix { $0.isNumber })
                }
            )
            let toggled = try await session.post("/tasks/\(top)/toggle")
            // Marked done, it moves to the done part of the list, far past the first page: its own page.
            let place = try #require(toggled.headers[.location])
            #expect(place.hasPrefix("/tasks?after=") && place.hasSuffix("#task-\(top)"), "\(place)")
            let undone = try await session.post("/tasks/\(top)/toggle")
            #expect(undone.headers[.location] == "/tasks#task-\(top)")
        }
    }

    @Test("a page opened past the first keeps its start through live refreshes; a refresh that finds no row left still offers the rest")
    func startKeptAndNothingLeft() async throws {
        try await withManyTasks(250) { session, _ in
            let first = try await session.get("/tasks")
            let more = try #require(Self.more(in: first.text))
            let after = String(more.dropFirst("/tasks/rows?after=".count))
            let page = try await session.get("/tasks?after=\(after)")
            // Its live refresh, and its Show more, remember where it starts.
            #expect(page.text.contains(#"data-src="/tasks/rows?after=\#(after.replacingOccurrences(of: "&", with: "&amp;"))&amp;start="#))
            #expect(Self.more(in: page.text)?.contains("&start=") == true)
            // Every open task on the first page marked done elsewhere: a refresh through that page's last row finds no
            // row left before it, but tasks follow — it offers them, not "Nothing to do".
            for id in Self.ids(in: first.text) { _ = try await session.post("/tasks/\(id)/toggle") }
            let refreshed = try await session.get("/tasks/rows?through=\(after)")
            #expect(!refreshed.text.contains("Nothing to do"))
            #expect(Self.more(in: refreshed.text) != nil)
        }
    }

    static func ids(in html: String) -> [String] {
        html.components(separatedBy: #"formaction="/tasks/"#).dropFirst().map { String($0.prefix { $0.isNumber }) }
            .reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
    }

    @Test("a malformed cursor is the first page, not an error")
    func malformedCursor() async throws {
        try await withManyTasks(150) { session, _ in
            let first = try await session.get("/tasks/rows")
            for bad in ["junk", "9~x~y~z", "0~2026-01-01~-1~a", ""] {
                let rows = try await session.get("/tasks/rows?after=\(bad)")
                #expect(rows.status == .ok)
                #expect(Self.names(in: rows.text) == Self.names(in: first.text))
            }
        }
    }
}
