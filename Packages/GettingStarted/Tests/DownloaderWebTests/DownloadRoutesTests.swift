import Downloader
import DownloaderTestSupport
import DownloaderWeb
import Foundation
import HummingbirdTesting
import Kernel
import KernelTestSupport
import Testing

@Suite("Download pages")
struct DownloadRoutesTests {
    static let settings = DownloadSettings(maxBytes: 1_000_000, stallTimeout: .seconds(2), progressInterval: .milliseconds(20))

    /// Runs `test` against the shell with the downloader as its only feature, next to a loopback server.
    func withDownloads(_ test: @Sendable (WebTestSession, LoopbackHTTPServer) async throws -> Void) async throws {
        let server = try await LoopbackHTTPServer()
        do {
            try await withTestShell(features: [DownloaderFeature(settings: Self.settings)]) { session, _ in
                try await test(session, server)
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// Starts a download of `url` from the page and returns its id.
    static func start(_ session: WebTestSession, _ url: String) async throws -> Int64 {
        let response = try await session.post("/downloads", form: [("url", url)])
        #expect(response.status == .seeOther)
        return try response.locationID(after: "#download-")
    }

    /// Polls the rows until download `id` shows `state`.
    static func waitFor(_ state: String, id: Int64, _ session: WebTestSession) async throws -> String {
        var rows = ""
        try await eventually("download \(id) shows \(state)") {
            rows = try await session.get("/downloads/rows").text
            return rows.contains(#"id="download-\#(id)" data-download-id="\#(id)" data-state="\#(state)""#)
        }
        return rows
    }

    @Test("the page has a URL field, a Start button and says when the list is empty")
    func emptyList() async throws {
        try await withDownloads { session, _ in
            let page = try await session.get("/downloads")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"name="url""#))
            #expect(page.text.contains(">Start</button>"))
            #expect(page.text.contains("No downloads yet."))
            #expect(page.text.contains(#"data-live-events="downloads.changed" data-live-refresh="downloads.changed" data-live-rows"#))
        }
    }

    @Test("a non-http address is refused at the field, keeping what was typed")
    func refusedScheme() async throws {
        try await withDownloads { session, _ in
            let response = try await session.post("/downloads", form: [("url", "ftp://example.com/file")])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("Only http and https addresses can be downloaded, not ftp:."))
            #expect(response.text.contains(#"value="ftp://example.com/file""#))
            #expect(response.text.contains("No downloads yet."))
        }
    }

    @Test("a redirected download shows the address it was read from, its server whole and its path apart")
    func redirectedShowsFinalAddress() async throws {
        try await withDownloads { session, server in
            let id = try await Self.start(session, server.url("/redirect?hops=1"))
            let rows = try await Self.waitFor("completed", id: id, session)
            let host = server.url("")
            #expect(rows.contains(#"<span class="url-host">\#(host)</span><span class="url-path">/page.html</span>"#), "\(rows)")
            #expect(!rows.contains("redirect?hops"))
        }
    }

    @Test("the viewer puts the outline and the text before the source")
    func viewerOrder() async throws {
        try await withDownloads { session, server in
            let id = try await Self.start(session, server.url("/page.html"))
            _ = try await Self.waitFor("completed", id: id, session)
            let viewer = try await session.get("/downloads/\(id)").text
            let outline = try #require(viewer.range(of: ">Outline</h2>")).lowerBound
            let text = try #require(viewer.range(of: ">Text</h2>")).lowerBound
            let source = try #require(viewer.range(of: ">Source</h2>")).lowerBound
            #expect(outline < text && text < source)
        }
    }

    @Test("Start adds a row that completes, and the viewer shows title, outline, links and escaped source")
    func startAndView() async throws {
        try await withDownloads { session, server in
            let id = try await Self.start(session, server.url("/page.html"))
            let rows = try await Self.waitFor("completed", id: id, session)
            #expect(rows.contains("Completed"))
            #expect(rows.contains(#"href="/downloads/\#(id)""#))
            #expect(rows.contains("Download again") && rows.contains("Remove"))
            let viewer = try await session.get("/downloads/\(id)")
            #expect(viewer.status == .ok)
            #expect(viewer.text.contains(#"<h1 class="page-title viewer-title">Loopback Page</h1>"#))
            #expect(viewer.text.contains(#"<li class="indent-1">Hello</li>"#))
            #expect(viewer.text.contains(#"<code class="link-href">/other</code>"#))
            #expect(viewer.text.contains("&lt;title&gt;Loopback Page&lt;/title&gt;"))
        }
    }

    @Test("a page's script, style and image are shown as text, never put into the viewer")
    func scriptIsText() async throws {
        try await withDownloads { session, server in
            let id = try await Self.start(session, server.url("/script.html"))
            _ = try await Self.waitFor("completed", id: id, session)
            let viewer = try await session.get("/downloads/\(id)").text
            #expect(!viewer.contains("<script>document.title"))
            #expect(!viewer.contains("<img src=\"/image.png\""))
            #expect(!viewer.contains("<style>body"))
            #expect(viewer.contains("&lt;script&gt;document.title"))
            #expect(viewer.contains("Plain words."))
        }
    }

    @Test("a running download can be cancelled from its row, which then says Cancelled")
    func cancel() async throws {
        try await withDownloads { session, server in
            let id = try await Self.start(session, server.url("/drip?chunks=300&size=10&delay=20"))
            let running = try await Self.waitFor("downloading", id: id, session)
            #expect(running.contains("/downloads/\(id)/cancel"))
            let response = try await session.post("/downloads/\(id)/cancel")
            #expect(response.status == .seeOther)
            let rows = try await Self.waitFor("cancelled", id: id, session)
            #expect(rows.contains(">Cancelled</span>"))
        }
    }

    @Test("the list kept in memory shows a running download's address and bytes as they are at the request")
    func progressAtTheRequest() async throws {
        try await withDownloads { session, server in
            // The redirect answers once the list has been kept with the row as it started.
            let redirect = server.url("/redirect-to?delay=1000&location=%2Fdrip%3Fchunks%3D300%26size%3D10%26delay%3D20")
            let id = try await Self.start(session, redirect)
            _ = try await Self.waitFor("downloading", id: id, session)
            try await eventually("the running download's row shows the address it is read from") {
                let page = try await session.get("/downloads").text
                return page.contains(#"data-state="downloading""#)
                    && page.contains(#"title="\#(server.url("/drip?chunks=300&amp;size=10&amp;delay=20"))""#)
            }
            func bytes() async throws -> String? {
                try await session.get("/downloads").text.firstMatch(of: /data-live-text="progressText">([^<]*)</).map { String($0.1) }
            }
            let first = try #require(try await bytes())
            try await Task.sleep(for: .milliseconds(300))
            let later = try #require(try await bytes())
            #expect(later != first, "the row still says \(first)")
            _ = try await session.post("/downloads/\(id)/cancel")
        }
    }

    @Test("a failed download shows the status; Retry and Remove act on it")
    func failedRetryRemove() async throws {
        try await withDownloads { session, server in
            let id = try await Self.start(session, server.url("/status?code=404"))
            let rows = try await Self.waitFor("failed", id: id, session)
            #expect(rows.contains("The server answered 404 Not Found."))
            let retried = try await session.post("/downloads/\(id)/retry")
            #expect(retried.status == .seeOther)
            _ = try await Self.waitFor("failed", id: id, session)
            let removed = try await session.follow(try await session.post("/downloads/\(id)/remove"))
            #expect(!removed.text.contains("download-\(id)\""))
        }
    }

    @Test("a binary download opens a viewer with a clear message instead of a page")
    func binaryViewer() async throws {
        try await withDownloads { session, server in
            let id = try await Self.start(session, server.url("/image.png"))
            _ = try await Self.waitFor("completed", id: id, session)
            let viewer = try await session.get("/downloads/\(id)")
            #expect(viewer.status == .ok)
            #expect(viewer.text.contains("The file holds binary data, not HTML text"))
        }
    }

    @Test("an unknown download is a 404 page")
    func unknown() async throws {
        try await withDownloads { session, _ in
            let response = try await session.get("/downloads/999")
            #expect(response.status == .notFound)
        }
    }
}

@Suite("The viewer of a big page")
struct DownloadViewerSizeTests {
    @Test("a big page shows its first 500 headings and links and the start of its text, says so, and offers the whole text")
    func capped() async throws {
        try await DownloadRoutesTests().withDownloads { session, server in
            let id = try await DownloadRoutesTests.start(session, server.url("/big.html?sections=2000"))
            _ = try await DownloadRoutesTests.waitFor("completed", id: id, session)
            let viewer = try await session.get("/downloads/\(id)")
            #expect(viewer.text.contains(#"<p class="hint" id="outline-note">Showing the first 500 of 2,000 headings.</p>"#))
            #expect(viewer.text.contains(#"<p class="hint" id="links-note">Showing the first 500 of 2,000 links.</p>"#))
            #expect(viewer.text.contains("Section 499<") && !viewer.text.contains("Section 500<"))
            #expect(viewer.text.contains("/articles/499<") && !viewer.text.contains("/articles/500<"))
            #expect(viewer.text.contains(#"<a href="/downloads/\#(id)/text">The whole text</a>"#))
            #expect(viewer.text.utf8.count < 2_000_000)
            let text = try await session.get("/downloads/\(id)/text")
            #expect(text.status == .ok)
            #expect(text.text.contains("Paragraph 1999 of a long page") && !text.text.contains("<p>"))
            let smallID = try await DownloadRoutesTests.start(session, server.url("/page.html"))
            _ = try await DownloadRoutesTests.waitFor("completed", id: smallID, session)
            let small = try await session.get("/downloads/\(smallID)")
            #expect(small.text.contains("Loopback Page"))
            #expect(!small.text.contains("outline-note") && !small.text.contains("text-note"))
        }
    }
}

@Suite("Downloads on a host reachable from the network")
struct ExposedDownloadTests {
    @Test("a host listening beyond loopback refuses to download from this machine, unless its option allows it")
    func exposed() async throws {
        let server = try await LoopbackHTTPServer()
        let url = server.url("/page.html")
        try await withTestShell(features: [DownloaderFeature(settings: DownloadRoutesTests.settings)], host: "0.0.0.0") {
            session,
            _ in
            let id = try await DownloadRoutesTests.start(session, url)
            let rows = try await DownloadRoutesTests.waitFor("failed", id: id, session)
            #expect(rows.contains("an address on this machine or a private network"))
        }
        #expect(server.requests.isEmpty)
        try await withTestShell(
            features: [DownloaderFeature(settings: DownloadRoutesTests.settings)],
            featureSettings: ["downloads": FeatureSettings(["allow-private-addresses": "yes"])],
            host: "0.0.0.0"
        ) { session, _ in
            let id = try await DownloadRoutesTests.start(session, url)
            _ = try await DownloadRoutesTests.waitFor("completed", id: id, session)
        }
        await server.stop()
    }
}
