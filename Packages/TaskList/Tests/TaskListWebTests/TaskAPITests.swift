import Foundation
import HTTPTypes
import HummingbirdTesting
import KernelTestSupport
import TaskListWeb
import Testing

@Suite("Task list JSON API")
struct TaskAPITests {
    /// Runs `test` against the shell with the task list as its only feature.
    func withTasks(_ test: @Sendable (WebTestSession, TestShellParts) async throws -> Void) async throws {
        try await withTestShell(features: [TaskListFeature()], test)
    }

    /// What a program sends: an `Authorization` header (this test host has no access token, so any word does).
    static let program: HTTPFields = [.authorization: "Bearer test"]

    static func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }

    static func names(_ response: TestResponse) throws -> [String] {
        let tasks = try #require(try object(response)["tasks"] as? [[String: Any]])
        return tasks.compactMap { $0["name"] as? String }
    }

    @Test("the API lists the tasks in the list page's order, with the counts, and pages on with its cursor")
    func listInPageOrder() async throws {
        try await withTasks { session, _ in
            let all = try await session.api(.get, "/api/v1/tasks")
            #expect(all.status == .ok)
            #expect(all.headers[.contentType] == "application/json; charset=utf-8")
            #expect(try Self.names(all) == TaskRoutesTests.names(in: try await session.get("/tasks").text))
            #expect(try Self.object(all)["open"] as? Int == 4)
            #expect(try Self.object(all)["done"] as? Int == 1)
            let first = try await session.api(.get, "/api/v1/tasks?limit=2")
            let next = try #require(try Self.object(first)["next"] as? String)
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
            let rest = try await session.api(.get, "/api/v1/tasks?after=\(next.addingPercentEncoding(withAllowedCharacters: allowed)!)")
            #expect(try Self.names(first) + Self.names(rest) == Self.names(all))
            let bad = try await session.api(.get, "/api/v1/tasks?after=nonsense")
            #expect(bad.status == .badRequest)
            #expect(bad.headers[.contentType] == "application/problem+json; charset=utf-8")
        }
    }

    @Test("a refused task gets each field's sentence from the form as a problem, and nothing is saved")
    func refusedAsProblem() async throws {
        try await withTasks { session, _ in
            let refused = try await session.api(
                .post,
                "/api/v1/tasks",
                json: #"{"name": "   ", "details": "ok", "day": "2026-02-30"}"#,
                headers: Self.program
            )
            #expect(refused.status == .unprocessableContent)
            #expect(refused.headers[.contentType] == "application/problem+json; charset=utf-8")
            #expect(refused.headers[.setCookie] == nil, "a program's request is given no CSRF cookie")
            let errors = try #require(try Self.object(refused)["errors"] as? [[String: String]])
            #expect(
                errors == [
                    ["field": "name", "message": "Give the task a name."],
                    ["field": "day", "message": "Use a real date, like 2026-11-21."],
                ]
            )
            #expect(try Self.object(try await session.api(.get, "/api/v1/tasks"))["open"] as? Int == 4)
            let unreadable = try await session.api(.post, "/api/v1/tasks", json: #"{"day": "2026-12-01"}"#, headers: Self.program)
            #expect(unreadable.status == .badRequest)
            #expect(try Self.object(unreadable)["detail"] as? String == "The field name is missing.")
            #expect(
                try Self.object(unreadable)["errors"] as? [[String: String]] == [
                    ["field": "name", "message": "The field name is missing."]
                ]
            )
            // A value of the address that does not decode is not blamed on a body there is none of.
            for path in ["/api/v1/tasks?limit=abc", "/api/v1/tasks/abc"] {
                let address = try await session.api(.get, path)
                #expect(address.status == .badRequest)
                #expect(
                    try Self.object(address)["detail"] as? String
                        == "A value in the address (its path or query) is not of the type the document gives.",
                    "\(path)"
                )
            }
        }
    }

    @Test("adding answers 201 with the task's address and ETag as they are, and the list page and the API list show it at once")
    func createWithLocation() async throws {
        try await withTasks { session, _ in
            _ = try await session.get("/tasks")  // the list page and the API's answers are kept in memory from here
            #expect(try Self.names(try await session.api(.get, "/api/v1/tasks")).first != "Far future")
            let created = try await session.api(
                .post,
                "/api/v1/tasks",
                json: #"{"name": "  Far future ", "day": "2999-01-01"}"#,
                headers: Self.program
            )
            #expect(created.status == .created)
            let id = try #require(try Self.object(created)["id"] as? Int)
            #expect(created.headers[.location] == "/api/v1/tasks/\(id)")
            let tag = try #require(created.headers[.eTag])
            #expect(tag.hasPrefix("\"\(id)-") && tag.hasSuffix("\""))
            #expect(try Self.object(created)["name"] as? String == "Far future")
            #expect(TaskRoutesTests.names(in: try await session.get("/tasks").text).first == "Far future")
            #expect(try Self.names(try await session.api(.get, "/api/v1/tasks")).first == "Far future")
            #expect(try await session.api(.get, "/api/v1/tasks/\(id)").headers[.eTag] == tag)
        }
    }

    @Test("an edit from a stale ETag answers 412 and changes nothing; from the current one it saves")
    func ifMatch() async throws {
        try await withTasks { session, _ in
            let read = try await session.api(.get, "/api/v1/tasks/1")
            let tag = try #require(read.headers[.eTag])
            var headers = Self.program
            headers[.ifMatch] = tag
            let saved = try await session.api(
                .put,
                "/api/v1/tasks/1",
                json: #"{"name": "First edit", "day": "2026-12-01", "done": true}"#,
                headers: headers
            )
            #expect(saved.status == .ok)
            #expect(try Self.object(saved)["done"] as? Bool == true)
            #expect(saved.headers[.eTag] != tag)
            let stale = try await session.api(
                .put,
                "/api/v1/tasks/1",
                json: #"{"name": "Second edit", "day": "2026-12-01"}"#,
                headers: headers
            )
            #expect(stale.status == .preconditionFailed)
            #expect(
                try Self.object(stale)["title"] as? String
                    == "That task was changed in another window since you opened it. Open it again to see the changes."
            )
            #expect(try Self.object(try await session.api(.get, "/api/v1/tasks/1"))["name"] as? String == "First edit")
            headers[.ifMatch] = "W/\(tag)"
            let weak = try await session.api(.put, "/api/v1/tasks/1", json: #"{"name": "Third", "day": "2026-12-01"}"#, headers: headers)
            #expect(weak.status == .badRequest)
            let gone = try await session.api(.put, "/api/v1/tasks/999", json: #"{"name": "x", "day": "2026-12-01"}"#, headers: Self.program)
            #expect(gone.status == .notFound)
        }
    }

    @Test("a change sent with the browser's cookies needs the page's CSRF token; one with an Authorization header does not")
    func csrf() async throws {
        try await withTasks { session, _ in
            let token = try await session.csrfToken()
            let task = #"{"name": "Sent by a page", "day": "2026-12-01"}"#
            let bare = try await session.api(.post, "/api/v1/tasks", json: task)
            #expect(bare.status == .forbidden)
            #expect(bare.headers[.contentType] == "application/problem+json; charset=utf-8")
            let fromPage = try await session.api(.post, "/api/v1/tasks", json: task, headers: [CSRFHeader.name: token])
            #expect(fromPage.status == .created)
            let crossSite = try await session.api(
                .post,
                "/api/v1/tasks",
                json: task,
                headers: [CSRFHeader.name: token, HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]
            )
            #expect(crossSite.status == .forbidden)
            let fromProgram = try await session.api(.post, "/api/v1/tasks/1/toggle", headers: Self.program)
            #expect(fromProgram.status == .ok)
        }
    }

    @Test("a method the document does not list answers 405 with Allow, an unknown address 404, a body over 1 MB 413: all problems")
    func methodsAndAddresses() async throws {
        try await withTasks { session, _ in
            let patch = try await session.api(.patch, "/api/v1/tasks/1", json: "{}", headers: Self.program)
            #expect(patch.status == .methodNotAllowed)
            #expect(patch.headers[.allow] == "GET, PUT, DELETE, HEAD")
            #expect(patch.headers[.contentType] == "application/problem+json; charset=utf-8")
            let missing = try await session.api(.get, "/api/v1/no-such-thing")
            #expect(missing.status == .notFound)
            #expect(try Self.object(missing)["title"] as? String == "There is nothing at this address.")
            let huge = "{\"name\": \"\(String(repeating: "x", count: 1 << 20))\", \"day\": \"2026-12-01\"}"
            let tooLarge = try await session.api(.post, "/api/v1/tasks", json: huge, headers: Self.program)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(tooLarge.headers[.contentType] == "application/problem+json; charset=utf-8")
            let deleted = try await session.api(.delete, "/api/v1/tasks/2", headers: Self.program)
            #expect(deleted.status == .noContent)
            #expect(try await session.api(.get, "/api/v1/tasks/2").status == .notFound)
        }
    }
}

/// The header a page's script sends its CSRF token in.
enum CSRFHeader {
    static let name = HTTPField.Name("X-CSRF-Token")!
}
