import Foundation
import HTTPTypes
import HummingbirdTesting
import KernelEvents
import KernelTestSupport
import Synchronization
import TaskList
import TaskListWeb
import Testing

@Suite("Task list pages")
struct TaskRoutesTests {
    /// Runs `test` against the shell with the task list as its only feature.
    func withTasks(_ test: @Sendable (WebTestSession, TestShellParts) async throws -> Void) async throws {
        try await withTestShell(features: [TaskListFeature()], test)
    }

    /// The task names in the order the list page shows them.
    static func names(in html: String) -> [String] {
        html.components(separatedBy: #"<span class="row-title task-name">"#).dropFirst().map {
            String($0.prefix { $0 != "<" })
        }
    }

    @Test("the list starts with the example tasks, not done first, most recent date first")
    func seededList() async throws {
        try await withTasks { session, _ in
            let page = try await session.get("/tasks")
            #expect(page.status == .ok)
            let names = Self.names(in: page.text)
            #expect(names.count == 5)
            #expect(names.last == "Water the plants")  // the done example is last
            #expect(page.text.contains("launch-screen"))
            #expect(page.text.contains(#"<body data-feature="tasks""#))
            let stylesheet = #"<link rel="stylesheet" href="/static/tasks/tasks\.[0-9a-f]{16}\.css">"#
            #expect(page.text.range(of: stylesheet, options: .regularExpression) != nil)
            #expect(page.text.contains(#"class="tab active" data-feature-link="tasks""#))
        }
    }

    @Test("the launch screen, with the app's name and its makers' credit line, shows once per browser session")
    func launchOncePerSession() async throws {
        try await withTasks { session, _ in
            let first = try await session.get("/tasks")
            #expect(first.text.contains(#"<div class="launch-screen" aria-hidden="true">"#))
            #expect(first.text.contains("Made by the Atelier team"))
            #expect(session.cookie("atelier_tasks_launched") == "1")
            // Back from another app, or from the app's own screens, in the same session: no launch screen.
            _ = try await session.get("/downloads")
            #expect(!(try await session.get("/tasks")).text.contains("launch-screen"))
            _ = try await session.get("/tasks/new")
            #expect(!(try await session.get("/tasks")).text.contains("launch-screen"))
        }
    }

    @Test("a refused form puts focus on the first field that needs a change, not always on the name")
    func focusOnFirstInvalid() async throws {
        try await withTasks { session, _ in
            let badDay = try await session.post("/tasks", form: [("name", "Fine name"), ("day", "2026-02-30")])
            #expect(badDay.status == .unprocessableContent)
            #expect(
                badDay.text.contains(
                    #"<input id="day" name="day" type="date" value="2026-02-30" min="0001-01-01" max="9999-12-31" autofocus"#
                )
            )
            #expect(!badDay.text.contains(#"autocomplete="off" autofocus"#))
            let both = try await session.post("/tasks", form: [("name", " "), ("day", "2026-02-30")])
            #expect(both.text.contains(#"autocomplete="off" autofocus"#))
            #expect(try await session.get("/tasks/new").text.contains(#"autocomplete="off" autofocus"#))
        }
    }

    @Test("adding a task puts it in its sorted place and says so")
    func add() async throws {
        try await withTasks { session, _ in
            let response = try await session.post("/tasks", form: [("name", "Far future"), ("details", "later"), ("day", "2999-01-01")])
            #expect(response.status == .seeOther)
            let page = try await session.follow(response)
            #expect(Self.names(in: page.text).first == "Far future")
            #expect(page.text.contains("Added “Far future”."))
        }
    }

    @Test("an empty name is refused beside the field, keeping everything typed")
    func emptyName() async throws {
        try await withTasks { session, _ in
            let response = try await session.post("/tasks", form: [("name", "  "), ("details", "my notes"), ("day", "2026-02-30")])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("Give the task a name."))
            #expect(response.text.contains("Use a real date"))
            // The line break after the opening tag is the parser's to drop, so a value's own first line break survives.
            #expect(response.text.contains(">\nmy notes</textarea>"))
            #expect(response.text.contains(#"value="2026-02-30""#))
            let list = try await session.get("/tasks")
            #expect(Self.names(in: list.text).count == 5)
        }
    }

    @Test("text is escaped when rendered, so a script typed as a name is only text")
    func escaping() async throws {
        try await withTasks { session, _ in
            let name = #"<script>alert("x")</script>"#
            try await session.post("/tasks", form: [("name", name), ("day", "2999-01-01")])
            let page = try await session.get("/tasks")
            #expect(!page.text.contains("<script>alert"))
            #expect(page.text.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
        }
    }

    @Test("a very long name is refused past the stated limit")
    func longName() async throws {
        try await withTasks { session, _ in
            let response = try await session.post("/tasks", form: [("name", String(repeating: "a", count: 201)), ("day", "2026-01-01")])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("this has 201"))
            let ok = try await session.post("/tasks", form: [("name", String(repeating: "b", count: 200)), ("day", "2026-01-01")])
            #expect(ok.status == .seeOther)
        }
    }

    @Test("a NUL in a field, first or inside, on add or edit, is refused in words, not a 500 or a cut name")
    func nulCharacters() async throws {
        try await withTasks { session, _ in
            for name in ["\u{0}abc", "ab\u{0}c"] {
                let response = try await session.post("/tasks", form: [("name", name), ("day", "2026-01-01")])
                #expect(response.status == .unprocessableContent)
                #expect(response.text.contains("The name can’t contain control characters"))
            }
            let added = try await session.post("/tasks", form: [("name", "Fine"), ("day", "2026-01-01")])
            let id = try added.locationID(after: "#task-")
            let edit = try await session.post("/tasks/\(id)", form: [("name", "Fi\u{0}ne"), ("day", "2026-01-01")])
            #expect(edit.status == .unprocessableContent)
            #expect(Self.names(in: try await session.get("/tasks").text).contains("Fine"))
        }
    }

    @Test("toggling moves a task to the bottom and marks its row done; toggling again brings it back")
    func toggle() async throws {
        try await withTasks { session, _ in
            let added = try await session.post("/tasks", form: [("name", "Top task"), ("day", "2999-01-01")])
            let id = try added.locationID(after: "#task-")
            let done = try await session.follow(try await session.post("/tasks/\(id)/toggle"))
            // Below the four open examples: done tasks form the bottom group (most recent date first within it).
            #expect(Self.names(in: done.text).firstIndex(of: "Top task") == 4)
            #expect(done.text.contains(#"class="swipe task-row done" id="task-\#(id)""#))
            let undone = try await session.follow(try await session.post("/tasks/\(id)/toggle"))
            #expect(Self.names(in: undone.text).first == "Top task")
        }
    }

    @Test("the rows carry no token and are sent as rendered once per change; the page's one form holds the token")
    func rowsRenderedOncePerChange() async throws {
        try await withTasks { session, _ in
            let page = try await session.get("/tasks")
            let rows = try await session.get("/tasks/rows")
            let token = try await session.csrfToken()
            // The page is the layout, the list's opening, the very rows the live refresh gets, and the closing.
            #expect(page.text.contains(#"data-src="/tasks/rows">"# + "\n    " + rows.text + "\n  </ul>\n</section>\n</main>"))
            #expect(
                page.text.contains(
                    #"<form id="task-actions" method="post" action="/tasks" data-inline hidden><input type="hidden" name="_csrf" value="\#(token)">"#
                )
            )
            #expect(!rows.text.contains(token) && !rows.text.contains("_csrf"))
            #expect(rows.text.contains(#"form="task-actions" formaction="/tasks/"#))
            #expect(page.text.hasSuffix("</html>\n"))
            // A change drops the rendered rows: the next page and refresh show it.
            _ = try await session.post("/tasks", form: [("name", "Fresh task"), ("day", "2999-01-01")])
            #expect(Self.names(in: try await session.get("/tasks/rows").text).first == "Fresh task")
            #expect(Self.names(in: try await session.get("/tasks").text).first == "Fresh task")
        }
    }

    @Test("editing shows the stored values, saves changes, and re-sorts")
    func edit() async throws {
        try await withTasks { session, _ in
            let added = try await session.post("/tasks", form: [("name", "Edit me"), ("day", "2999-01-01")])
            let id = try added.locationID(after: "#task-")
            let form = try await session.get("/tasks/\(id)")
            #expect(form.text.contains(#"value="Edit me""#))
            #expect(form.text.contains(#"type="date" value="2999-01-01""#))
            let saved = try await session.follow(
                try await session.post("/tasks/\(id)", form: [("name", "Edited"), ("details", ""), ("day", "1999-01-01")])
            )
            let names = Self.names(in: saved.text)
            #expect(names.contains("Edited"))
            #expect(names.firstIndex(of: "Edited")! > 0)
        }
    }

    @Test("deleting offers undo, and undo puts the task back")
    func deleteAndUndo() async throws {
        try await withTasks { session, _ in
            let added = try await session.post("/tasks", form: [("name", "Short lived"), ("day", "2999-01-01")])
            let id = try added.locationID(after: "#task-")
            let deleted = try await session.follow(try await session.post("/tasks/\(id)/delete"))
            #expect(!Self.names(in: deleted.text).contains("Short lived"))
            #expect(deleted.text.contains(#"action="/tasks/\#(id)/restore""#))
            let restored = try await session.follow(try await session.post("/tasks/\(id)/restore"))
            #expect(Self.names(in: restored.text).first == "Short lived")
        }
    }

    @Test("a task that no longer exists gives a clear message, not a crash")
    func missingTask() async throws {
        try await withTasks { session, _ in
            let page = try await session.get("/tasks/9999")
            #expect(page.status == .notFound)
            #expect(page.text.contains("That task no longer exists"))
            let toggled = try await session.follow(try await session.post("/tasks/9999/toggle"))
            #expect(toggled.text.contains("That task no longer exists"))
            let edited = try await session.post("/tasks/9999", form: [("name", "Typed text"), ("day", "2026-01-01")])
            #expect(edited.status == .notFound)
            #expect(edited.text.contains("That task no longer exists"))
            #expect(edited.text.contains(#"value="Typed text""#))
            let bad = try await session.get("/tasks/abc")
            #expect(bad.status == .notFound)
        }
    }

    @Test("every state-changing route refuses a post without the CSRF token")
    func csrf() async throws {
        try await withTasks { session, _ in
            _ = try await session.get("/tasks")
            for path in ["/tasks", "/tasks/1", "/tasks/1/toggle", "/tasks/1/delete", "/tasks/1/restore"] {
                let response = try await session.post(path, form: [("name", "x"), ("day", "2026-01-01")], csrf: false)
                #expect(response.status == .forbidden, "\(path)")
            }
            let list = try await session.get("/tasks")
            #expect(Self.names(in: list.text).count == 5)
        }
    }

    @Test("the list announces changes on the bus for live pages, and serves its rows alone for refresh")
    func liveRefresh() async throws {
        try await withTasks { session, parts in
            let changes = Counter()
            let token = parts.bus.addObserver(for: TaskChanged.self) { _ in changes.increment() }
            try await session.post("/tasks", form: [("name", "Live one"), ("day", "2999-01-01")])
            #expect(changes.value >= 1)
            let rows = try await session.get("/tasks/rows")
            #expect(rows.text.contains("Live one"))
            #expect(!rows.text.contains("<html"))
            withExtendedLifetime(token) {}
        }
    }
}

final class Counter: Sendable {
    private let count = Synchronization.Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
