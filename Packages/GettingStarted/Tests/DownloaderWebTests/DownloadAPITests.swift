import DownloaderTestSupport
import DownloaderWeb
import Foundation
import HTTPTypes
import KernelTestSupport
import Testing

@Suite("Downloads JSON API")
struct DownloadAPITests {
    static let program: HTTPFields = [.authorization: "Bearer test"]

    static func object(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Polls the API until download `id` is in `state`, and returns it.
    static func waitFor(_ state: String, id: Int, _ session: WebTestSession) async throws -> [String: Any] {
        var download: [String: Any] = [:]
        try await eventually("download \(id) is \(state)") {
            download = try object(try await session.api(.get, "/api/v1/downloads/\(id)").text)
            return download["state"] as? String == state
        }
        return download
    }

    @Test("the API refuses the address the field refuses, in its words; a started page is read as the viewer reads it")
    func startAndRead() async throws {
        try await DownloadRoutesTests().withDownloads { session, server in
            let refused = try await session.api(.post, "/api/v1/downloads", json: #"{"url": "ftp://example.com/f"}"#, headers: Self.program)
            #expect(refused.status == .unprocessableContent)
            #expect(
                try Self.object(refused.text)["errors"] as? [[String: String]] == [
                    ["field": "url", "message": "Only http and https addresses can be downloaded, not ftp:."]
                ]
            )
            let started = try await session.api(
                .post,
                "/api/v1/downloads",
                json: #"{"url": " \#(server.url("/page.html")) "}"#,
                headers: Self.program
            )
            #expect(started.status == .created)
            let id = try #require(try Self.object(started.text)["id"] as? Int)
            #expect(started.headers[.location] == "/api/v1/downloads/\(id)")
            let done = try await Self.waitFor("completed", id: id, session)
            let size = LoopbackHTTPServer.page.utf8.count
            #expect(done["progress"] as? String == "\(size) bytes of \(size) bytes")
            let reading = try Self.object(try await session.api(.get, "/api/v1/downloads/\(id)/reading").text)
            #expect(reading["title"] as? String == "Loopback Page")
            let headings = try #require(reading["headings"] as? [[String: Any]])
            #expect(headings.map { "\($0["level"] ?? "") \($0["text"] ?? "")" } == ["1 Hello"])
            #expect(reading["links"] as? [[String: String]] == [["text": "Other", "href": "/other"]])
            #expect((reading["text"] as? String)?.contains("From the loopback server.") == true)
            // The page's list shows what the API started.
            #expect(try await session.get("/downloads/rows").text.contains(#"data-download-id="\#(id)""#))
            let listed = try #require(
                try Self.object(try await session.api(.get, "/api/v1/downloads").text)["downloads"] as? [[String: Any]]
            )
            #expect(listed.map { $0["id"] as? Int } == [id])
        }
    }

    @Test("cancel, retry and remove act as the row's buttons; a running download is not removed or read")
    func rowActions() async throws {
        try await DownloadRoutesTests().withDownloads { session, server in
            let started = try await session.api(
                .post,
                "/api/v1/downloads",
                json: #"{"url": "\#(server.url("/drip?chunks=200&delay=50&size=10"))"}"#,
                headers: Self.program
            )
            let id = try #require(try Self.object(started.text)["id"] as? Int)
            _ = try await Self.waitFor("downloading", id: id, session)
            let removeRunning = try await session.api(.delete, "/api/v1/downloads/\(id)", headers: Self.program)
            #expect(removeRunning.status == .conflict)
            #expect(try Self.object(removeRunning.text)["title"] as? String == "That download is still running: cancel it first.")
            let readRunning = try await session.api(.get, "/api/v1/downloads/\(id)/reading")
            #expect(readRunning.status == .conflict)
            #expect(
                try Self.object(readRunning.text)["title"] as? String
                    == "That download is downloading: only completed downloads can be viewed."
            )
            let cancelled = try await session.api(.post, "/api/v1/downloads/\(id)/cancel", headers: Self.program)
            #expect(try Self.object(cancelled.text)["state"] as? String == "cancelled")
            let retried = try await session.api(.post, "/api/v1/downloads/\(id)/retry", headers: Self.program)
            #expect(retried.status == .ok)
            #expect(["queued", "downloading"].contains(try Self.object(retried.text)["state"] as? String))
            _ = try await session.api(.post, "/api/v1/downloads/\(id)/cancel", headers: Self.program)
            let removed = try await session.api(.delete, "/api/v1/downloads/\(id)", headers: Self.program)
            #expect(removed.status == .noContent)
            let gone = try await session.api(.get, "/api/v1/downloads/\(id)")
            #expect(gone.status == .notFound)
            #expect(try Self.object(gone.text)["title"] as? String == "That download is no longer in the list.")
            #expect(!(try await session.get("/downloads/rows").text.contains(#"data-download-id="\#(id)""#)))
        }
    }
}
