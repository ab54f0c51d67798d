import Foundation
import HummingbirdTesting
import Kernel
import KernelTestSupport
import NewsReader
import NewsReaderWeb
import Synchronization
import Testing

/// The reader in the real shell, fetching from a real HTTP server on loopback.
@Suite("News pages")
struct NewsRoutesTests {
    static let feed = """
        {"headlines": [
          {"headline": "Older story", "updated": 1546300800, "introduction": "From the first day of 2019."},
          {"headline": "Leap day <b>bold</b> & co", "updated": 951782400, "introduction": "Text with <script>x()</script>.",
           "extra": {"ignored": true}},
          {"headline": "Newest story", "updated": 1700000000, "introduction": "The most recent one."}
        ], "generatedBy": "a field the reader ignores"}
        """

    /// Runs `test` with the reader fetching from `server` (`/feed.json`) and sending analytics to `/analytics`.
    func withReader(
        _ server: FeedServer,
        setup: TestingSetup = .live,
        options: [String: String] = [:],
        _ test: @Sendable (WebTestSession, TestShellParts) async throws -> Void
    ) async throws {
        let settings = FeatureSettings(
            [
                "feed": server.url("/feed.json"),
                "analytics": server.url("/analytics"),
                "refresh-minutes": "0",
            ].merging(options) { _, new in new }
        )
        try await withTestShell(features: [NewsReaderFeature()], setup: setup, featureSettings: ["news": settings], test)
    }

    static func headlines(in html: String) -> [String] {
        html.components(separatedBy: #"<span class="news-headline">"#).dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test("with nothing stored and the server failing, the list explains and offers Retry")
    func emptyAndFailing() async throws {
        let server = try await FeedServer()
        server.set("/feed.json", FeedServer.Answer(status: 503, body: Data("down".utf8)))
        try await withReader(server) { session, _ in
            let before = try await session.get("/news")
            #expect(before.status == .ok)
            #expect(before.text.contains("No headlines yet. Reload to fetch them."))
            let reload = try await session.post("/news/reload")
            #expect(reload.status == .seeOther)
            let page = try await session.follow(reload)
            // One sentence says what happened, in the status line beside Retry (no flash repeating it).
            #expect(!page.text.contains("Could not refresh."))
            #expect(
                page.text.contains("No headlines yet. The news server answered with an error (HTTP 503). Check the connection, then retry.")
            )
            #expect(page.text.contains(">Retry</button>"))
        }
        await server.stop()
    }

    @Test("Reload stores the feed: newest first, dates in words, text escaped, one load hit with its time")
    func reload() async throws {
        let server = try await FeedServer()
        server.set("/feed.json", .json(Self.feed))
        server.set("/analytics", FeedServer.Answer(status: 200))
        try await withReader(server) { session, _ in
            let page = try await session.follow(try await session.post("/news/reload"))
            #expect(page.text.contains("Headlines updated: 3 new."))
            #expect(Self.headlines(in: page.text) == ["Newest story", "Older story", "Leap day &lt;b&gt;bold&lt;/b&gt; &amp; co"])
            #expect(page.text.contains(#"<time class="news-date" datetime="2019-01-01" data-format="date">1 January 2019</time>"#))
            #expect(page.text.contains(#"datetime="2000-02-29" data-format="date">29 February 2000</time>"#))
            #expect(page.text.contains("Last updated "))
            try await eventually("the load hit arrives") { server.hits("/analytics").count == 1 }
            let hit = try #require(server.hits("/analytics").first)
            #expect(hit["event"] == "load")
            let time = try #require(hit["time"].flatMap(Int.init))
            #expect((0..<10_000).contains(time))
            #expect(server.requests.filter { $0.hasPrefix("/feed.json") }.count == 1)
        }
        await server.stop()
    }

    @Test("a story's page has its headline, date and introduction, at an address that survives a reload")
    func article() async throws {
        let server = try await FeedServer()
        server.set("/feed.json", .json(Self.feed))
        try await withReader(server) { session, _ in
            let list = try await session.follow(try await session.post("/news/reload"))
            let id = try #require(list.text.firstMatch(of: /href="\/news\/([0-9a-f]{16})"><span class="news-headline">Leap day/)?.1)
            let story = try await session.get("/news/\(id)")
            #expect(story.status == .ok)
            #expect(story.text.contains(#"<h1 class="news-headline">Leap day &lt;b&gt;bold&lt;/b&gt; &amp; co</h1>"#))
            #expect(story.text.contains("29 February 2000"))
            #expect(story.text.contains("Text with &lt;script&gt;x()&lt;/script&gt;."))
            #expect(!story.text.contains("<script>x()"))

            // The feed comes back reordered, with a story in front: the address still shows the same story.
            server.set(
                "/feed.json",
                .json(
                    Self.feed.replacingOccurrences(
                        of: #"{"headlines": ["#,
                        with: #"{"headlines": [{"headline": "Brand new", "updated": 1800000000, "introduction": "Hot."},"#
                    )
                )
            )
            _ = try await session.post("/news/reload")
            #expect(try await session.get("/news/\(id)").text.contains("29 February 2000"))

            let unknown = try await session.get("/news/0123456789abcdef")
            #expect(unknown.status == .notFound)
            #expect(unknown.text.contains("There is no story at that address."))
            #expect(try await session.get("/news/not-an-id").status == .notFound)
        }
        await server.stop()
    }

    @Test(
        "a bad fetch keeps the last good headlines and says what was wrong in one sentence",
        arguments: [
            (FeedServer.Answer.json("{not json"), "The news feed is not valid JSON."),
            (
                FeedServer.Answer.json(#"{"headlines": [{"headline": "x", "updated": "today", "introduction": "y"}]}"#),
                "In story 1 of the news feed, “updated” is not a whole number of seconds."
            ),
            (
                FeedServer.Answer.json(#"{"headlines": [{"headline": "x", "introduction": "y"}]}"#),
                "Story 1 of the news feed has no “updated”."
            ),
            (
                FeedServer.Answer(headers: [("Content-Type", "text/html")], body: Data("<html><body>Sign in</body></html>".utf8)),
                "The news server sent a web page instead of the news feed."
            ),
            (FeedServer.Answer(body: Data()), "The news server sent an empty response."),
            (FeedServer.Answer(status: 500, body: Data("oops".utf8)), "The news server answered with an error (HTTP 500)."),
            (
                FeedServer.Answer(body: Data(repeating: 0x20, count: NewsFeed.maxBytes + 1)),
                "The news feed is larger than 5 MB, so it was not read."
            ),
        ]
    )
    func badFetchKeepsData(answer: FeedServer.Answer, message: String) async throws {
        let server = try await FeedServer()
        server.set("/feed.json", .json(Self.feed))
        try await withReader(server) { session, _ in
            _ = try await session.post("/news/reload")
            server.set("/feed.json", answer)
            let page = try await session.follow(try await session.post("/news/reload"))
            #expect(page.text.contains("Could not refresh. \(message)"), "\(message)")
            #expect(page.text.components(separatedBy: "Could not refresh.").count == 2, "one sentence, not two: \(message)")
            #expect(Self.headlines(in: page.text).count == 3)
            #expect(page.text.contains(#"<p class="news-status problem" role="status">Could not refresh. \#(message) Last updated"#))
        }
        await server.stop()
    }

    @Test("redirects are followed up to five times; a loop is refused")
    func redirects() async throws {
        let server = try await FeedServer()
        server.set("/feed.json", FeedServer.Answer(status: 302, headers: [("Location", "/hop1")]))
        for hop in 1...4 { server.set("/hop\(hop)", FeedServer.Answer(status: 302, headers: [("Location", "/hop\(hop + 1)")])) }
        server.set("/hop5", .json(Self.feed))
        try await withReader(server) { session, _ in
            let page = try await session.follow(try await session.post("/news/reload"))
            #expect(Self.headlines(in: page.text).count == 3)
            server.set("/hop5", FeedServer.Answer(status: 302, headers: [("Location", "/feed.json")]))
            let looped = try await session.follow(try await session.post("/news/reload"))
            #expect(looped.text.contains("The news server redirected too many times."))
            // Six hops without a loop are one too many as well.
            server.set("/hop5", FeedServer.Answer(status: 302, headers: [("Location", "/hop6")]))
            server.set("/hop6", .json(Self.feed))
            let chain = try await session.follow(try await session.post("/news/reload"))
            #expect(chain.text.contains("The news server redirected too many times."))
            #expect(Self.headlines(in: chain.text).count == 3)
        }
        await server.stop()
    }

    @Test("the browser's display times go out as analytics hits; a bad one is refused")
    func display() async throws {
        let server = try await FeedServer()
        server.set("/analytics", FeedServer.Answer(status: 200))
        try await withReader(server) { session, _ in
            let accepted = try await session.post("/news/analytics", form: [("screen", "article"), ("time", "123")])
            #expect(accepted.status == .noContent)
            try await eventually("the display hit arrives") { !server.hits("/analytics").isEmpty }
            #expect(server.requests.contains("/analytics?event=display&time=123&screen=article"))
            #expect(try await session.post("/news/analytics", form: [("screen", "home"), ("time", "5")]).status == .badRequest)
            #expect(try await session.post("/news/analytics", form: [("screen", "article"), ("time", "-5")]).status == .badRequest)
            #expect(
                try await session.post("/news/analytics", form: [("screen", "article"), ("time", "5")], csrf: false).status == .forbidden
            )
        }
        await server.stop()
    }

    @Test("analytics that hang never delay a page or a reload")
    func hangingAnalytics() async throws {
        let server = try await FeedServer()
        server.set("/feed.json", .json(Self.feed))
        server.set("/analytics", FeedServer.Answer(status: 200, held: true))
        // The analytics server holds every hit until the end of the test, and the reader waits 120 s for one: a
        // reload or a page that waited for a hit would take two minutes, far beyond what a loaded machine adds.
        try await withReader(server, options: ["analytics-timeout-seconds": "120"]) { session, _ in
            let clock = ContinuousClock()
            for _ in 0..<3 {
                let start = clock.now
                _ = try await session.post("/news/reload")
                _ = try await session.post("/news/analytics", form: [("screen", "headlines"), ("time", "40")])
                #expect(try await session.get("/news").status == .ok)
                let elapsed = clock.now - start
                #expect(elapsed < .seconds(30), "a reload and a page took \(elapsed)")
            }
            try await eventually("the first hit is on the server, still unanswered") { !server.hits("/analytics").isEmpty }
            server.release()
        }
        await server.stop()
    }

    @Test("a long feed pages by cursor, 50 stories at a time")
    func paging() async throws {
        let items = (1...120).map { #"{"headline": "Story \#($0)", "updated": \#(1_600_000_000 + $0), "introduction": "i"}"# }
        let server = try await FeedServer()
        server.set("/feed.json", .json(#"{"headlines": [\#(items.joined(separator: ","))]}"#))
        try await withReader(server) { session, _ in
            let first = try await session.follow(try await session.post("/news/reload"))
            let shown = Self.headlines(in: first.text)
            #expect(shown.count == HeadlineListState.pageSize)
            #expect(shown.first == "Story 120")
            let cursor = try #require(first.text.firstMatch(of: /href="\/news\?after=([0-9a-f-]+)"/)?.1)
            let second = try await session.get("/news?after=\(cursor)")
            #expect(Self.headlines(in: second.text).first == "Story 70")
            #expect(second.text.contains("Newest headlines"))
            #expect(!second.text.contains("data-live-refresh"))
        }
        await server.stop()
    }

    @Test("a change of headlines is posted on the bus for open pages; an unchanged feed posts that nothing changed")
    func liveEvent() async throws {
        let server = try await FeedServer()
        server.set("/feed.json", .json(Self.feed))
        try await withReader(server, setup: .router) { session, parts in
            let received = Mutex<[HeadlinesChanged]>([])
            let observation = parts.bus.addObserver(for: HeadlinesChanged.self) { message in
                received.withLock { $0.append(message) }
            }
            _ = try await session.post("/news/reload")
            _ = try await session.post("/news/reload")
            try await eventually("both saves are posted") { received.withLock { $0.count } == 2 }
            #expect(received.withLock { $0.map(\.change) } == [.replaced, .refreshed])
            let rows = try await session.get("/news/rows")
            #expect(Self.headlines(in: rows.text).count == 3)
            #expect(!rows.text.contains("<html"))
            withExtendedLifetime(observation) {}
        }
        await server.stop()
    }

    @Test("a feed that does not answer in time is given up, keeping what was stored")
    func timeOut() async throws {
        let server = try await FeedServer()
        server.set("/feed.json", .json(Self.feed))
        try await withReader(server, options: ["timeout-seconds": "1"]) { session, _ in
            _ = try await session.post("/news/reload")
            // Held for two minutes: only giving up at the 1-second timeout answers within the bound, which leaves a
            // busy machine room.
            server.set("/feed.json", FeedServer.Answer(body: Data(Self.feed.utf8), held: true))
            let clock = ContinuousClock()
            let start = clock.now
            let page = try await session.follow(try await session.post("/news/reload"))
            #expect(clock.now - start < .seconds(30))
            #expect(page.text.contains("Could not refresh. The news server did not answer within 1 second."))
            #expect(Self.headlines(in: page.text).count == 3)
        }
        await server.stop()
    }

    @Test("a next-page address whose story has left the feed leads back to the newest headlines")
    func staleCursor() async throws {
        let server = try await FeedServer()
        server.set("/feed.json", .json(Self.feed))
        try await withReader(server) { session, _ in
            _ = try await session.post("/news/reload")
            let gone = try await session.get("/news?after=0123456789abcdef")
            #expect(gone.status == .seeOther)
            #expect(gone.headers[.location] == "/news")
            #expect(try await session.follow(gone).text.contains("The headlines have changed; these are the newest."))
            #expect(try await session.get("/news?after=../../x").status == .seeOther)
        }
        await server.stop()
    }
}
