import Foundation
import HTTPTypes
import KernelTestSupport
import Testing

@Suite("Assignments JSON API")
struct AssignmentAPITests {
    static let program: HTTPFields = [.authorization: "Bearer test"]

    static func object(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("the API lists the section and the detail with its tasks and progress, as the split view shows them")
    func listAndDetail() async throws {
        try await AssignmentRoutesTests().withAssignments { session, _ in
            let empty = try Self.object(try await session.api(.get, "/api/v1/assignments").text)
            #expect((empty["assignments"] as? [Any])?.isEmpty == true && empty["current"] as? Int == 0)
            let id = try await AssignmentRoutesTests.add(session)
            _ = try await session.post("/assignments/\(id)/tasks", form: AssignmentRoutesTests.task("Draft", percent: "50"))
            let list = try Self.object(try await session.api(.get, "/api/v1/assignments").text)
            let row = try #require((list["assignments"] as? [[String: Any]])?.first)
            #expect(row["name"] as? String == "Coursework" && row["module"] as? String == "Mobile Development")
            #expect(row["progress"] as? Int == 50 && row["taskCount"] as? Int == 1)
            #expect(row["dueAt"] as? String == "2030-01-15T17:00:00Z" || (row["dueAt"] as? String)?.hasPrefix("2030-01-15") == true)
            let detail = try Self.object(try await session.api(.get, "/api/v1/assignments/\(id)").text)
            let task = try #require((detail["tasks"] as? [[String: Any]])?.first)
            #expect(task["name"] as? String == "Draft" && task["percent"] as? Int == 50)
            #expect(try await session.api(.get, "/api/v1/assignments/999").status == .notFound)
        }
    }

    @Test("a mark is set and cleared as the mark form does; a mark over 100 gets the form's sentence; the page shows it")
    func mark() async throws {
        try await AssignmentRoutesTests().withAssignments { session, _ in
            let id = try await AssignmentRoutesTests.add(session)
            _ = try await session.api(.get, "/api/v1/assignments/\(id)")  // kept in memory from here
            let refused = try await session.api(.put, "/api/v1/assignments/\(id)/mark", json: #"{"mark": 101}"#, headers: Self.program)
            #expect(refused.status == .unprocessableContent)
            #expect(
                try Self.object(refused.text)["errors"] as? [[String: String]]
                    == [["field": "mark", "message": "Give the mark as a whole number from 0 to 100, or leave it empty to clear it."]]
            )
            let set = try await session.api(.put, "/api/v1/assignments/\(id)/mark", json: #"{"mark": 72}"#, headers: Self.program)
            #expect(set.status == .ok)
            #expect(try Self.object(set.text)["mark"] as? Int == 72)
            let detail = try Self.object(try await session.api(.get, "/api/v1/assignments/\(id)").text)
            #expect((detail["assignment"] as? [String: Any])?["mark"] as? Int == 72)
            #expect(try await session.get("/assignments/\(id)").text.contains(#"value="72""#))
            let cleared = try await session.api(.put, "/api/v1/assignments/\(id)/mark", json: #"{"mark": null}"#, headers: Self.program)
            #expect(try Self.object(cleared.text)["mark"] == nil)
        }
    }
}
