import Foundation
import KernelTestSupport
import Testing
import __NAME__Web

/// __TITLE__'s JSON API in the real shell: its operation, from its own part of the document, under `/api/v1`.
@Suite("__TITLE__ JSON API")
struct __NAME__APITests {
    @Test("the entries a person added are listed newest first, with how many there are")
    func list() async throws {
        try await withTestShell(features: [__NAME__Feature()]) { session, _ in
            _ = try await session.post("/__ID__", form: [("title", "Older")])
            _ = try await session.post("/__ID__", form: [("title", "Newer")])
            let response = try await session.api(.get, "/api/v1/__ID__/entries")
            #expect(response.status == .ok)
            let list = try #require(JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
            let entries = try #require(list["entries"] as? [[String: Any]])
            #expect(entries.compactMap { $0["title"] as? String } == ["Newer", "Older"])
            #expect(list["count"] as? Int == 2)
        }
    }
}
