import Foundation
import GRDB
import KernelStorage
import KernelTestSupport
import Testing

@Suite("A write returns what it changed; the Kernel records it")
struct ChangedWriteTests {
    enum Kind: String { case added, removed }
    struct Refused: Error {}

    @Test("the rows and notices a write returns are in the log and the outbox with its data; a failed write leaves none")
    func recordsWithTheData() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let pool = try FeatureDatabase.open(named: "notes", in: temp.dataDirectory, migrations: FeatureDatabaseTests.migrations)
        let id = try await pool.write(changing: { db in
            try db.execute(sql: "INSERT INTO notes_item (text) VALUES ('kept')")
            var changed = Changed(db.lastInsertedRowID, Kind.added, id: db.lastInsertedRowID)
            changed.record(Kind.removed, id: nil)
            changed.schedule(featureID: "notes", key: "notes.1", title: "Noted", body: "kept", at: Date())
            changed.withdraw(featureID: "notes", key: "notes.0")
            return changed
        })
        #expect(id == 1)
        let log = try await pool.read { db in try ChangeLog.changes(after: 0, db) }
        #expect(log.map(\.kind) == ["added", "removed"])
        #expect(log.map(\.entityID) == [1, nil])
        let outbox = try await pool.read { db in try NoticeOutbox.pending(db) }
        #expect(outbox.map(\.key) == ["notes.1", "notes.0"])
        #expect(outbox.map(\.isWithdrawal) == [false, true])

        // A write that throws commits nothing: no row, no change, no notice.
        await #expect(throws: Refused.self) {
            try await pool.write(changing: { db -> Changed<Void> in
                try db.execute(sql: "INSERT INTO notes_item (text) VALUES ('lost')")
                throw Refused()
            })
        }
        #expect(try await pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM notes_item") } == 1)
        #expect(try await pool.read { db in try ChangeLog.changes(after: 0, db) }.count == 2)
        // A write that changed nothing records nothing.
        try await pool.write(changing: { _ in Changed(()) })
        #expect(try await pool.read { db in try ChangeLog.latest(db) } == 2)
    }
}
