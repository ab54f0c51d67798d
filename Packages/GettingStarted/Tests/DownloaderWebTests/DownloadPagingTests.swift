import Downloader
import DownloaderWeb
import Foundation
import GRDB
import Kernel
import KernelStorage
import KernelTestSupport
import Testing

@Suite("The download list at size")
struct DownloadPagingTests {
    @Test("1,000 downloads list 100 at a time, newest first, by cursor, with no row twice or left out and no token in a row")
    func paging() async throws {
        try await withTestShell(features: [DownloaderFeature()]) { session, parts in
            // Another connection, with the busy timeout the host's own has: the host may be writing meanwhile.
            let pool = try DatabasePool(
                path: parts.directory.dataDirectory.databasePath(named: FeatureDescriptor.downloads.id),
                configuration: FeatureDatabase.configuration()
            )
            defer { try? pool.close() }
            try await pool.write { db in
                for index in 1...1_000 {
                    // Finished rows, which the engine leaves alone.
                    var item = DownloadItem(url: "http://example.test/page-\(index)")
                    item.state = .completed
                    try item.insert(db)
                }
            }
            var seen: [Int] = []
            var page = try await session.get("/downloads")
            #expect(page.text.utf8.count < 100_000)
            var pages = 1
            while true {
                let list = try #require(page.text.firstMatch(of: /<ul class="list download-list"[\s\S]*?<\/ul>/)).output
                #expect(!list.contains("_csrf"))
                seen += list.matches(of: /page-(\d+)<\/span><\/a>/).compactMap { Int($0.1) }
                guard let older = page.text.firstMatch(of: /id="downloads-older" href="([^"#]*)/)?.1 else { break }
                page = try await session.get(String(older))
                #expect(page.text.contains(#"id="downloads-newest" href="/downloads""#))
                pages += 1
            }
            #expect(pages == 10)
            #expect(seen == Array((1...1_000).reversed()))
            // The first page is read again after a change: a new row shows at its top.
            let added = try await session.post("/downloads", form: [("url", "http://127.0.0.1:9/new")])
            #expect(added.status == .seeOther)
            let rows = try await session.get("/downloads/rows").text
            #expect(rows.contains("http://127.0.0.1:9/new"))
            let empty = try await session.get("/downloads/rows?before=1").text
            #expect(empty.contains("No older downloads."))
        }
    }
}
