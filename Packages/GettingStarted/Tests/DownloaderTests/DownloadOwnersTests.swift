import Foundation
import GRDB
import Kernel
import KernelStorage
import Testing

@testable import Downloader

/// Two people's downloads in one database: each lists, reads and acts on only their own; the engine's own work records
/// each change as its person's.
@Suite("Each person's downloads are their own")
struct DownloadOwnersTests {
    let database: any DatabaseWriter
    let store: DownloadStore
    let bo = PersonID(rawValue: 2)

    init() throws {
        database = try FeatureDatabase.inMemory(migrations: DownloadMigrations.feature)
        store = DownloadStore(writer: database)
    }

    @Test("a person lists, finds and removes only their own downloads")
    func isolation() async throws {
        let anns = try await store.insert(url: "https://example.com/ann")
        let bos = try await store.insert(url: "https://example.com/bo", for: bo)
        let annsID = try #require(anns.id)
        #expect(bos.person == bo)
        #expect(try await store.all(of: bo).map(\.url) == ["https://example.com/bo"])
        #expect(try await store.page(limit: 10, of: bo).items.map(\.url) == ["https://example.com/bo"])
        #expect(try await store.find(id: annsID, of: bo) == nil)
        #expect(try await store.items(ids: [annsID, try #require(bos.id)], of: bo).keys.sorted() == [try #require(bos.id)])
        _ = try await store.update(id: annsID) { $0.state = .failed }
        await #expect(throws: DownloadError.notFound(id: annsID)) { try await store.deleteFinished(id: annsID, of: bo) }
        #expect(try await store.update(id: annsID, person: bo) { $0.state = .cancelled } == nil)
        #expect(try await store.find(id: annsID)?.state == .failed)
        // Undo under an id Ann's download holds takes nothing of hers.
        await #expect(throws: DownloadError.notFound(id: annsID)) { try await store.restore(anns, for: bo) }
    }

    @Test("the engine's changes are logged as the download's person's, and a finished download's notice is theirs")
    func changesAndNotice() async throws {
        let bos = try await store.insert(url: "https://example.com/bo", for: bo)
        let id = try #require(bos.id)
        _ = try await store.claim(id: id, owner: "me", until: Date().addingTimeInterval(60))
        _ = try await store.update(id: id, owner: "me") { $0.state = .completed }
        let owners = try await database.read { db in
            try Int64.fetchAll(db, sql: "SELECT owner FROM kernel_change ORDER BY seq")
        }
        #expect(owners == [2, 2, 2])
        let outbox = try await database.read { db in try NoticeOutbox.pending(db) }
        #expect(outbox.map(\.owner) == [bo])
    }

    @Test("downloads stored before people existed are the local person's")
    func upgrade() async throws {
        let queue = try DatabaseQueue()
        let migrator = DownloadMigrations.feature.migrator()
        try migrator.migrate(queue, upTo: DownloadMigrations.v2)
        try await queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO downloads_item (url, state, receivedBytes, createdAt, updatedAt)
                    VALUES ('https://example.com/kept', 'completed', 10, '2026-11-24 06:00:00.000', '2026-11-24 06:00:00.000')
                    """
            )
        }
        try migrator.migrate(queue)
        let upgraded = DownloadStore(writer: queue)
        #expect(try await upgraded.all().map(\.url) == ["https://example.com/kept"])
        #expect(try await upgraded.all(of: bo).isEmpty)
    }
}
