import Downloader
import Foundation
import GRDB
import KernelStorage
import Testing

@Suite("The downloads database's migrations")
struct DownloadMigrationTests {
    @Test("downloads.v2 keeps every row and the identifiers already given out")
    func migration() async throws {
        let queue = try DatabaseQueue()
        var migrator = DatabaseMigrator()
        DownloadMigrations.register(in: &migrator)
        try migrator.migrate(queue, upTo: DownloadMigrations.v1)
        try await queue.write { db in
            for index in 1...3 {
                try db.execute(
                    sql: """
                        INSERT INTO downloads_item (url, state, receivedBytes, createdAt, updatedAt)
                        VALUES (?, 'completed', 10, '2026-11-24 06:00:00.000', '2026-11-24 06:00:00.000')
                        """,
                    arguments: ["https://example.com/\(index)"]
                )
            }
            try db.execute(sql: "DELETE FROM downloads_item WHERE id = 3")
        }
        try migrator.migrate(queue)
        let (urls, next) = try await queue.write { db in
            let urls = try String.fetchAll(db, sql: "SELECT url FROM downloads_item ORDER BY id")
            var item = DownloadItem(url: "https://example.com/new")
            try item.insert(db)
            return (urls, item.id)
        }
        #expect(urls == ["https://example.com/1", "https://example.com/2"])
        #expect(next == 4)  // id 3 was given out before: never again
    }
}
