import Foundation
import HTTPTypes
import KernelTestSupport
import Testing

@Suite("Assignments JSON API: the forms")
struct AssignmentAPIWriteTests {
    static let program: HTTPFields = [.authorization: "Bearer test"]
    static let coursework = #"""
        {"module": "Mobile Development", "level": 6, "name": "Coursework", "value": 40, "due": "2030-01-15T17:00",
         "reminder": {"kind": "before", "minutes": 1440}}
        """#

    static func object(_ text: String) throws -> [String: Any] {
        try AssignmentAPITests.object(text)
    }

    static func errors(_ text: String) throws -> [[String: String]] {
        try #require(try object(text)["errors"] as? [[String: String]])
    }

    @Test("an assignment is refused with the form's sentences, added, changed under If-Match, and deleted; the page follows")
    func assignment() async throws {
        try await AssignmentRoutesTests().withAssignments { session, _ in
            let refused = try await session.api(
                .post,
                "/api/v1/assignments",
                json: #"{"module": " ", "level": 4, "name": "Essay", "value": 101, "due": "2030-02-30T17:00"}"#,
                headers: Self.program
            )
            #expect(refused.status == .unprocessableContent)
            #expect(
                try Self.errors(refused.text) == [
                    ["field": "module", "message": "Name the module, like “Mobile Development”."],
                    ["field": "value", "message": "Give the value as a whole percentage of the module, from 0 to 100."],
                    ["field": "due", "message": "Use a real date and time, like 15 January 2027, 17:00."],
                ]
            )
            let added = try await session.api(.post, "/api/v1/assignments", json: Self.coursework, headers: Self.program)
            #expect(added.status == .created)
            let assignment = try Self.object(added.text)
            let id = try #require(assignment["id"] as? Int)
            #expect(added.headers[.location] == "/api/v1/assignments/\(id)")
            #expect((assignment["reminder"] as? [String: Any])?["minutes"] as? Int == 1440)
            let etag = try #require(added.headers[.eTag])
            #expect(assignment["etag"] as? String == etag)
            #expect(try await session.get("/assignments").text.contains("Coursework"))

            let renamed = Self.coursework.replacingOccurrences(of: "\"Coursework\"", with: "\"Portfolio\"")
            let changed = try await session.api(
                .put,
                "/api/v1/assignments/\(id)",
                json: renamed,
                headers: Self.program + [.ifMatch: etag]
            )
            #expect(changed.status == .ok)
            #expect(changed.headers[.eTag] != etag)
            let stale = try await session.api(
                .put,
                "/api/v1/assignments/\(id)",
                json: Self.coursework,
                headers: Self.program + [.ifMatch: etag]
            )
            #expect(stale.status == .preconditionFailed)
            #expect(
                try Self.object(stale.text)["title"] as? String
                    == "That assignment was changed in another window since you opened it. Nothing was saved: open it again to see the change."
            )
            #expect(try await session.get("/assignments/\(id)").text.contains("Portfolio"))
            // A date as an answer gives it is taken back as the same moment.
            let dueAt = try #require(try Self.object(changed.text)["dueAt"] as? String)
            let sentBack = renamed.replacingOccurrences(of: "2030-01-15T17:00", with: dueAt)
            let roundTrip = try await session.api(.put, "/api/v1/assignments/\(id)", json: sentBack, headers: Self.program)
            #expect(roundTrip.status == .ok)
            #expect(roundTrip.headers[.eTag] == changed.headers[.eTag], "the same values: nothing changed")

            #expect(try await session.api(.delete, "/api/v1/assignments/\(id)", headers: Self.program).status == .noContent)
            let gone = try await session.api(.get, "/api/v1/assignments/\(id)")
            #expect(gone.status == .notFound)
            #expect(!(try await session.get("/assignments").text.contains("Portfolio")))
        }
    }

    @Test("a task is refused with the form's sentences, added, edited, given a percent and deleted; progress follows")
    func tasks() async throws {
        try await AssignmentRoutesTests().withAssignments { session, _ in
            let id = try await AssignmentRoutesTests.add(session)
            let refused = try await session.api(
                .post,
                "/api/v1/assignments/\(id)/tasks",
                json: #"{"name": "Draft", "start": "2030-01-05", "length": {"kind": "hours", "amount": 0}, "due": "2030-01-04"}"#,
                headers: Self.program
            )
            #expect(
                try Self.errors(refused.text) == [
                    ["field": "length", "message": "Give the length in hours as a number above 0, like 1.5 (up to two decimals)."],
                    ["field": "due", "message": "The due date can’t be before the start."],
                ]
            )
            let missing = try await session.api(
                .post,
                "/api/v1/assignments/999/tasks",
                json: #"{"name": "Draft", "start": "2030-01-05"}"#,
                headers: Self.program
            )
            #expect(missing.status == .notFound)
            let added = try await session.api(
                .post,
                "/api/v1/assignments/\(id)/tasks",
                json: #"{"name": "Draft", "start": "2030-01-05T09:00", "length": {"kind": "hours", "amount": 1.5}}"#,
                headers: Self.program
            )
            #expect(added.status == .created)
            let task = try Self.object(added.text)
            let taskID = try #require(task["id"] as? Int)
            #expect(added.headers[.location] == "/api/v1/assignment-tasks/\(taskID)")
            #expect((task["length"] as? [String: Any])?["amount"] as? Double == 1.5)
            let etag = try #require(added.headers[.eTag])
            let read = try await session.api(.get, try #require(added.headers[.location]))
            #expect(read.status == .ok && read.headers[.eTag] == etag)

            let half = try await session.api(
                .put,
                "/api/v1/assignment-tasks/\(taskID)/percent",
                json: #"{"percent": 50}"#,
                headers: Self.program
            )
            #expect(half.status == .ok)
            let detail = try Self.object(try await session.api(.get, "/api/v1/assignments/\(id)").text)
            #expect((detail["assignment"] as? [String: Any])?["progress"] as? Int == 50)
            let tooMuch = try await session.api(
                .put,
                "/api/v1/assignment-tasks/\(taskID)/percent",
                json: #"{"percent": 101}"#,
                headers: Self.program
            )
            #expect(
                try Self.errors(tooMuch.text) == [
                    ["field": "percent", "message": "Give the percent complete as a whole number from 0 to 100."]
                ]
            )

            // The percent was saved since `etag` was read: a percent or an edit from that copy is refused.
            let stalePercent = try await session.api(
                .put,
                "/api/v1/assignment-tasks/\(taskID)/percent",
                json: #"{"percent": 10}"#,
                headers: Self.program + [.ifMatch: etag]
            )
            #expect(stalePercent.status == .preconditionFailed)
            let stale = try await session.api(
                .put,
                "/api/v1/assignment-tasks/\(taskID)",
                json: #"{"name": "Outline", "start": "2030-01-05T09:00"}"#,
                headers: Self.program + [.ifMatch: etag]
            )
            #expect(stale.status == .preconditionFailed)
            let edited = try await session.api(
                .put,
                "/api/v1/assignment-tasks/\(taskID)",
                json: #"{"name": "Outline", "start": "2030-01-05T09:00", "percent": 100}"#,
                headers: Self.program + [.ifMatch: try #require(half.headers[.eTag])]
            )
            #expect(edited.status == .ok)
            #expect(try await session.get("/assignments/\(id)").text.contains("Outline"))
            let done = try Self.object(try await session.api(.get, "/api/v1/assignments/\(id)").text)
            #expect((done["assignment"] as? [String: Any])?["progress"] as? Int == 100)

            #expect(try await session.api(.delete, "/api/v1/assignment-tasks/\(taskID)", headers: Self.program).status == .noContent)
            let again = try await session.api(.delete, "/api/v1/assignment-tasks/\(taskID)", headers: Self.program)
            #expect(again.status == .notFound)
            #expect(
                try Self.object(again.text)["title"] as? String == "That task no longer exists. It may have been deleted in another window."
            )
        }
    }
}

extension HTTPFields {
    static func + (lhs: HTTPFields, rhs: HTTPFields) -> HTTPFields {
        var fields = lhs
        fields.append(contentsOf: rhs)
        return fields
    }
}
