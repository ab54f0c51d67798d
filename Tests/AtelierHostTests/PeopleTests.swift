import AtelierHost
import Foundation
import HTTPTypes
import HummingbirdTesting
import Kernel
import KernelEvents
import KernelStorage
import KernelTestSupport
import Testing

/// A host with sign-in: two people, each with their own.
@Suite("Everyone their own")
struct PeopleTests {
    /// The parts whose rows are each person's so far, by the paths of their pages and API: the walk covers every route
    /// under these.
    static let personal = [
        "tasks": ["/tasks", "/api/v1/tasks"], "countdown": ["/countdown", "/api/v1/countdowns"],
        "inbox": ["/inbox", "/api/v1/notices"], "downloads": ["/downloads", "/api/v1/downloads"],
        "assignments": ["/assignments", "/api/v1/assignments", "/api/v1/assignment-tasks"],
    ]

    /// Signs up `email` in `browser`, which is then signed in.
    static func signUp(_ browser: WebTestSession, _ email: String) async throws {
        // The sign-up page first, as a person opens it (it gives the browser its form token).
        #expect(try await browser.get("/accounts/signup").status == .ok)
        let response = try await browser.post(
            "/accounts/signup",
            form: [
                ("email", email), ("password", "secret!word"), ("firstName", "A"), ("lastName", "B"),
                ("mobile", "012 345 6789"), ("gender", "female"),
            ]
        )
        #expect(response.status == .seeOther && response.headers[.location] == "/accounts/home", "\(response.text)")
    }

    /// Whether `text` shows anything of Ann's: her names as JSON writes them or as a page escapes them, her file's address.
    static func showsAnns(_ text: String) -> Bool {
        text.contains("Ann's") || text.contains("Ann&#39;s") || text.contains("anns-file")
    }

    /// `route` (`POST /tasks/:id/toggle`) as the method and the path with `id` in it.
    static func request(_ route: String, id: Int64) -> (method: String, path: String) {
        let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
        let path = parts[1].replacingOccurrences(of: ":id", with: "\(id)").replacingOccurrences(of: "{id}", with: "\(id)")
        return (parts[0], path)
    }

    @Test("a second person gets 404 for every route of a personal part given the first's ids, and never their data")
    func isolationWalk() async throws {
        try await withTestShell(features: try Registry.features.enabled(nil), people: true) { ann, parts in
            try await Self.signUp(ann, "ann@example.com")
            // Signed in, the sign-in page sends her on to where she was going.
            let again = try await ann.get("/accounts/login?next=%2Ftasks")
            #expect(again.status == .seeOther && again.headers[.location] == "/tasks")
            let bo = parts.anotherBrowser()
            try await Self.signUp(bo, "bo@example.com")
            let added = try await ann.post("/tasks", form: [("name", "Ann's secret errand"), ("day", "2026-11-21")])
            let id = try added.locationID(after: "#task-")
            let gone = try await ann.post("/tasks", form: [("name", "Ann's deleted errand"), ("day", "2026-11-21")])
            let goneID = try gone.locationID(after: "#task-")
            #expect(try await ann.post("/tasks/\(goneID)/delete").status == .seeOther)

            _ = try await ann.post("/countdown", form: [("hours", "1"), ("minutes", ""), ("label", "Ann's countdown")])
            let countdownID = try #require(
                try await ann.get("/countdown").text.firstMatch(of: /id="countdown-(\d+)"/).flatMap { Int64($0.1) }
            )
            // A download that fails at once (nothing listens there): a row of Ann's all the same.
            let download = try await ann.post("/downloads", form: [("url", "http://127.0.0.1:1/anns-file")])
            let downloadID = try download.locationID(after: "#download-")
            let kernel = try FeatureDatabase.open(
                named: "kernel",
                in: parts.directory.dataDirectory,
                migrations: NoticeCenter.migrations
            )
            let notice = try await NoticeCenter(database: kernel, bus: EventBus()).raise(
                featureID: "tasks",
                title: "Ann's notice",
                body: ""
            )
            let noticeID = try #require(notice.id)
            // An assignment of Ann's, with a task.
            let script: HTTPFields = [HTTPField.Name("X-CSRF-Token")!: try await ann.csrfToken()]
            let assignment = try await ann.api(
                .post,
                "/api/v1/assignments",
                json: #"{"module": "Ann's module", "level": 6, "name": "Ann's essay", "value": 40, "due": "2030-01-15T17:00"}"#,
                headers: script
            )
            let assignmentID = try #require(assignment.text.firstMatch(of: /"id":(\d+)/).flatMap { Int64($0.1) }, "\(assignment.text)")
            let assignmentTask = try await ann.api(
                .post,
                "/api/v1/assignments/\(assignmentID)/tasks",
                json: #"{"name": "Ann's draft", "start": "2030-01-05"}"#,
                headers: script
            )
            let assignmentTaskID = try #require(assignmentTask.text.firstMatch(of: /"id":(\d+)/).flatMap { Int64($0.1) })
            // Each route's own kind of id: Ann's task, countdown, notice, download, assignment or assignment's task.
            func anns(_ route: String) -> Int64 {
                if route.contains("/assignments/tasks/") || route.contains("/assignment-tasks/") { return assignmentTaskID }
                if route.contains("assignments") { return assignmentID }
                if route.hasSuffix("/restore") && route.contains("/tasks/") { return goneID }
                if route.contains("countdown") { return countdownID }
                if route.contains("downloads") { return downloadID }
                if route.contains("/inbox") || route.contains("/notices") { return noticeID }
                return id
            }

            let routes = parts.routes.filter { route in
                Self.personal.values.joined().contains { route.contains(" \($0)/") || route.hasSuffix(" \($0)") }
            }
            #expect(routes.count >= 70, "\(routes)")
            // Ann reads every page and answer first: whatever is kept in memory for her is kept when Bo asks.
            for route in routes where route.hasPrefix("GET ") {
                _ = try await ann.get(Self.request(route, id: anns(route)).path)
            }
            /// Bo sends `route` as a person would: a page's form, or the page's script calling the API.
            func send(_ method: String, _ path: String) async throws -> TestResponse? {
                switch (method, path.hasPrefix("/api/")) {
                case ("GET", _), ("HEAD", _):
                    return try await bo.get(path)
                case ("POST", false):
                    return try await bo.post(path, form: [("name", "Bo was here"), ("day", "2026-11-22")])
                case (_, true):
                    // Every field any operation reads, so each one gets as far as looking for the id.
                    return try await bo.api(
                        HTTPRequest.Method(method)!,
                        path,
                        json: #"""
                            {"name": "Bo was here", "day": "2026-11-22", "done": true, "module": "Bo's", "level": 6,
                             "value": 1, "due": "2030-01-01T09:00", "start": "2030-01-01", "percent": 5, "mark": 50}
                            """#,
                        headers: [HTTPField.Name("X-CSRF-Token")!: try await bo.csrfToken()]
                    )
                default:
                    return nil
                }
            }
            var walked: [String] = []
            for route in routes {
                let (method, path) = Self.request(route, id: anns(route))
                guard let answer = try await send(method, path) else { continue }
                // No such operation at that address (405, saying which there are): nothing to walk.
                if answer.status == .methodNotAllowed, let allow = answer.headers[.allow], !allow.contains(method) { continue }
                walked.append(route)
                var shown = answer
                if route.contains("{id}") {
                    // Ann's id answers Bo exactly as an id that does not exist does: nothing tells him it is there.
                    let missing = try #require(try await send(method, Self.request(route, id: 987_654).path))
                    #expect(answer.status == missing.status, "\(route): \(answer.status), not \(missing.status)")
                    #expect(
                        answer.headers[.location] == missing.headers[.location],
                        "\(route): to \(answer.headers[.location] ?? "-")"
                    )
                    if path.hasPrefix("/api/") || method == "GET" && missing.status != .ok {
                        #expect(answer.status == .notFound, "\(route): \(answer.status) \(answer.text.prefix(200))")
                    }
                    if answer.status == .seeOther { shown = try await bo.follow(answer) }
                }
                #expect(!Self.showsAnns(shown.text), "\(route) shows Ann's")
            }
            #expect(walked.count >= 60, "\(walked)")
            // Searched lists and their rows are kept by address: the same address asked by Ann, then by Bo.
            for address in ["/tasks?q=Ann", "/tasks/rows?q=Ann", "/assignments?q=Ann", "/assignments/rows?q=Ann"] {
                #expect(try await ann.get(address).text.contains("Ann"), "\(address)")
                #expect(!Self.showsAnns(try await bo.get(address).text), "\(address) shows Ann's")
            }
            // Ann's task is as she left it, and her deletion can still be undone by her.
            let page = try await ann.get("/tasks/\(id)")
            #expect(page.status == .ok && page.text.contains("secret errand"))
            #expect(!page.text.contains("Bo was here"))
            #expect(try await ann.post("/tasks/\(goneID)/restore").status == .seeOther)
            // Her countdown runs, her notice is in her inbox, unread (Bo's "mark all read" was his own).
            let countdowns = try await ann.api(.get, "/api/v1/countdowns").text
            #expect(countdowns.contains("Ann's countdown"))
            let inbox = try await ann.api(.get, "/api/v1/notices").text
            #expect(inbox.contains("Ann's notice") && inbox.contains(#""unread":1"#), "\(inbox)")
            let downloads = try await ann.api(.get, "/api/v1/downloads").text
            #expect(downloads.contains("anns-file"))
            let essay = try await ann.api(.get, "/api/v1/assignments/\(assignmentID)").text
            #expect(essay.contains("Ann's essay") && essay.contains("Ann's draft"), "\(essay)")
            // Bo's own list is Bo's: none of Ann's tasks (nor the examples the first person was given).
            let list = try await bo.get("/tasks")
            #expect(!Self.showsAnns(list.text) && !list.text.contains("Welcome to your task list"))
        }
    }

    @Test("nobody signed in is sent to sign in from a page and refused by the API; the sign-in page has what it needs")
    func frontDoor() async throws {
        try await withTestShell(features: try Registry.features.enabled(nil), people: true) { stranger, _ in
            let page = try await stranger.get("/tasks?q=milk")
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/accounts/login?next=%2Ftasks%3Fq%3Dmilk")
            let login = try await stranger.follow(page)
            #expect(login.status == .ok && login.text.contains(#"name="next" value="/tasks?q=milk""#))
            #expect(try await stranger.get("/").status == .seeOther)
            #expect(try await stranger.api(.get, "/api/v1/tasks").status == .unauthorized)
            #expect(try await stranger.post("/tasks", form: [("name", "x"), ("day", "2026-11-21")]).status == .unauthorized)
            // What the browser needs to show the sign-in page and install the app.
            #expect(try await stranger.get("/manifest.webmanifest").status == .ok)
            #expect(try await stranger.get("/sw.js").status == .ok)
            #expect(try await stranger.get("/health").status == .ok)
            let stylesheet = try #require(login.text.firstMatch(of: /href="(\/static\/[^"]+\.css)"/)).1
            #expect(try await stranger.get(String(stylesheet)).status == .ok)
        }
    }

    @Test("one person's live events carry nothing of another's")
    func liveEvents() async throws {
        try await withTestShell(features: try Registry.features.enabled(nil), setup: .live, people: true) { ann, parts in
            try await Self.signUp(ann, "ann@example.com")
            let bo = parts.anotherBrowser()
            try await Self.signUp(bo, "bo@example.com")
            let port = try #require(parts.port)
            let bos = try EventStreamReader(port: port, cookies: "atelier_account=\(try #require(bo.cookie("atelier_account")))")
            defer { bos.close() }
            let anns = try EventStreamReader(port: port, cookies: "atelier_account=\(try #require(ann.cookie("atelier_account")))")
            defer { anns.close() }
            let strangers = try EventStreamReader(port: port)
            defer { strangers.close() }
            try await strangers.waitFor(": connected")
            try await bos.waitFor(": connected")
            try await anns.waitFor(": connected")
            let annsTask = try await ann.post("/tasks", form: [("name", "Ann's errand"), ("day", "2026-11-21")])
            let annsID = try annsTask.locationID(after: "#task-")
            try await anns.waitFor(#""ids":[\#(annsID)]"#)
            let bosTask = try await bo.post("/tasks", form: [("name", "Bo's errand"), ("day", "2026-11-21")])
            let bosID = try bosTask.locationID(after: "#task-")
            let seen = try await bos.waitFor(#""ids":[\#(bosID)]"#)
            // Bo's stream had Ann's change before Bo's, if it were sent there at all.
            #expect(!seen.contains(#""ids":[\#(annsID)]"#))
            // Nobody signed in hears nobody's: a heartbeat-only stream while both changed.
            let strangerSaw = try? await strangers.waitFor("tasks.changed", timeout: .milliseconds(500))
            #expect(strangerSaw == nil, "\(strangerSaw ?? "")")
        }
    }
}
