import Foundation
import HTTPTypes
import HummingbirdTesting
import KernelTestSupport
import NewsReaderWeb
import Testing

/// The reader's JSON API in the real shell, fetching from a real HTTP server on loopback.
@Suite("News JSON API")
struct NewsAPITests {
    static let program: HTTPFields = [.authorization: "Bearer test"]

    static func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }

    @Test("refresh fetches the feed; the API lists it newest first with the brief's dates, and a story by its id")
    func refreshAndRead() async throws {
        let server = try await FeedServer()
        server.set("/feed.json", .json(NewsRoutesTests.feed))
        server.set("/analytics", FeedServer.Answer(status: 200))
        try await NewsRoutesTests().withReader(server) { session, _ in
            let empty = try Self.object(try await session.api(.get, "/api/v1/news/headlines"))
            #expect((empty["headlines"] as? [Any])?.isEmpty == true)
            let refreshed = try Self.object(try await session.api(.post, "/api/v1/news/refresh", headers: Self.program))
            #expect(refreshed["outcome"] as? String == "updated" && refreshed["message"] as? String == "Headlines updated: 3 new.")
            let page = try Self.object(try await session.api(.get, "/api/v1/news/headlines"))
            let headlines = try #require(page["headlines"] as? [[String: Any]])
            #expect(headlines.compactMap { $0["headline"] as? String } == ["Newest story", "Older story", "Leap day <b>bold</b> & co"])
            #expect(headlines[1]["date"] as? String == "1 January 2019" && headlines[1]["day"] as? String == "2019-01-01")
            let id = try #require(headlines[0]["id"] as? String)
            let story = try Self.object(try await session.api(.get, "/api/v1/news/headlines/\(id)"))
            #expect(story["introduction"] as? String == "The most recent one.")
            let again = try Self.object(try await session.api(.post, "/api/v1/news/refresh", headers: Self.program))
            #expect(again["outcome"] as? String == "unchanged" && again["message"] as? String == "Headlines are up to date.")
            #expect(try await session.api(.get, "/api/v1/news/headlines/no-such-story").status == .notFound)
        }
        await server.stop()
    }

    @Test("a failed refresh says why, in the page's words, and the headlines there were stay")
    func failureKeepsHeadlines() async throws {
        let server = try await FeedServer()
        server.set("/feed.json", .json(NewsRoutesTests.feed))
        server.set("/analytics", FeedServer.Answer(status: 200))
        try await NewsRoutesTests().withReader(server) { session, _ in
            _ = try await session.api(.post, "/api/v1/news/refresh", headers: Self.program)
            #expect((try Self.object(try await session.api(.get, "/api/v1/news/headlines"))["headlines"] as? [Any])?.count == 3)
            server.set("/feed.json", FeedServer.Answer(status: 503, body: Data("down".utf8)))
            let failed = try Self.object(try await session.api(.post, "/api/v1/news/refresh", headers: Self.program))
            #expect(failed["outcome"] as? String == "failed")
            #expect(failed["message"] as? String == "The news server answered with an error (HTTP 503).")
            let kept = try Self.object(try await session.api(.get, "/api/v1/news/headlines"))
            #expect((kept["headlines"] as? [Any])?.count == 3)
            #expect(kept["problem"] as? Bool == true)
        }
        await server.stop()
    }
}
