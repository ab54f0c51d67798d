import Downloader
import DownloaderWeb
import GRDB
import Kernel
import KernelStorage
import KernelTestSupport
import Synchronization
import Testing

@Suite("Downloads changed by another process")
struct DownloadOutsideChangeTests {
    @Test("a download another process adds, then removes, is announced with its id and state, and the rows show it (the file watch)")
    func outsideChange() async throws {
        try await withTestShell(features: [DownloaderFeature()], setup: .live) { session, parts in
            let seen = Mutex<[DownloadChanged]>([])
            let observation = parts.bus.addObserver(for: DownloadChanged.self) { message in seen.withLock { $0.append(message) } }
            // Another process: its own connection, and another origin in the change log.
            let pool = try DatabasePool(
                path: parts.directory.dataDirectory.databasePath(named: FeatureDescriptor.downloads.id),
                configuration: FeatureDatabase.configuration()
            )
            defer { try? pool.close() }
            let url = "http://example.test/from-the-cli"
            let id = try await pool.write { db in
                // Finished (failed), so the host's own engine, which starts queued rows, leaves it alone.
                var item = DownloadItem(url: url)
                item.state = .failed
                item.failure = "Stopped by the other process."
                try item.insert(db)
                try db.execute(
                    sql: "INSERT INTO kernel_change (kind, entityID, origin) VALUES ('failed', ?, -2)",
                    arguments: [item.id]
                )
                return try #require(item.id)
            }
            try await eventually("the added download is announced") {
                seen.withLock { $0 }.contains { $0 == DownloadChanged(.failed, ids: [id]) }
            }
            #expect(try await session.get("/downloads/rows").text.contains(url))

            try await pool.write { db in
                _ = try DownloadItem.deleteOne(db, key: id)
                try db.execute(sql: "INSERT INTO kernel_change (kind, entityID, origin) VALUES ('removed', ?, -2)", arguments: [id])
            }
            try await eventually("the removal is announced") {
                seen.withLock { $0 }.contains { $0 == DownloadChanged(.removed, ids: [id]) }
            }
            #expect(try await session.get("/downloads/rows").text.contains(url) == false)
            withExtendedLifetime(observation) {}
        }
    }
}
