import Foundation
import HTTPTypes
import HummingbirdTesting
import Kernel
import KernelStorage
import KernelTestSupport
import KernelWeb
import Testing

@Suite("Inbox JSON API")
struct InboxAPITests {
    static func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }

    @Test("the API lists the inbox's notices with the unread count, and marks them read as the page's button does")
    func notices() async throws {
        try await withTestShell(features: [SampleFeature()]) { session, parts in
            let empty = try Self.object(try await session.api(.get, "/api/v1/notices"))
            #expect((empty["notices"] as? [Any])?.isEmpty == true && empty["unread"] as? Int == 0)
            let database = try FeatureDatabase.open(named: "kernel", in: parts.directory.dataDirectory, migrations: NoticeCenter.migrations)
            try await NoticeCenter(database: database, bus: parts.bus).raise(featureID: "sample", title: "Hello <there>", body: "Body")
            let full = try Self.object(try await session.api(.get, "/api/v1/notices"))
            let notice = try #require((full["notices"] as? [[String: Any]])?.first)
            #expect(notice["title"] as? String == "Hello <there>")
            #expect(notice["app"] as? String == "sample")
            #expect(notice["read"] as? Bool == false)
            #expect((notice["deliveredAt"] as? String)?.hasSuffix("Z") == true)
            #expect(full["unread"] as? Int == 1)
            let refused = try await session.api(.post, "/api/v1/notices/read")
            #expect(refused.status == .forbidden)
            let read = try await session.api(.post, "/api/v1/notices/read", headers: [.authorization: "Bearer test"])
            #expect(read.status == .noContent)
            #expect(try Self.object(try await session.api(.get, "/api/v1/notices"))["unread"] as? Int == 0)
            #expect(!(try await session.get("/inbox")).text.contains("data-unread"))
        }
    }
}
