import Foundation
import GRDB
import KernelStorage

/// Reads and writes the `downloads_item` table. Every write also records the change in the database's ``ChangeLog``
/// (kind: the new state, or `removed`) in the same transaction, so a host watching the file from another process
/// updates the row that changed.
public struct DownloadStore: Sendable {
    /// The downloader's database.
    public let writer: any DatabaseWriter

    /// A store over `writer`, a database migrated with ``DownloadMigrations``.
    public init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Every download, newest first.
    public func all() throws -> [DownloadItem] {
        try writer.read { db in
            try DownloadItem.order(Column("id").desc).fetchAll(db)
        }
    }

    /// The download `id`, or nil.
    public func find(id: Int64) throws -> DownloadItem? {
        try writer.read { db in try DownloadItem.fetchOne(db, key: id) }
    }

    /// Queued downloads, oldest first.
    func queued() throws -> [DownloadItem] {
        try writer.read { db in
            try DownloadItem.filter(Column("state") == DownloadState.queued.rawValue).order(Column("id")).fetchAll(db)
        }
    }

    /// Stores a new queued download of `url`.
    func insert(url: String) throws -> DownloadItem {
        try writer.write { db in
            var item = DownloadItem(url: url)
            try item.insert(db)
            try ChangeLog.record(db, kind: item.state.rawValue, id: item.id)
            return item
        }
    }

    /// Saves `item` as it is now, stamping its update time; returns what was saved.
    @discardableResult
    func save(_ item: DownloadItem) throws -> DownloadItem {
        var item = item
        item.updatedAt = Date()
        try writer.write { db in
            try item.update(db)
            try ChangeLog.record(db, kind: item.state.rawValue, id: item.id)
        }
        return item
    }

    /// Deletes the row `id`.
    func delete(id: Int64) throws {
        try writer.write { db in
            if try DownloadItem.deleteOne(db, key: id) {
                try ChangeLog.record(db, kind: DownloadChanged.removedState, id: id)
            }
        }
    }

    /// Puts downloads that were running when the host stopped back in the queue; returns how many.
    func requeueInterrupted() throws -> Int {
        try writer.write { db in
            let ids = try Int64.fetchAll(
                db,
                DownloadItem.filter(Column("state") == DownloadState.downloading.rawValue).select(Column("id"))
            )
            for id in ids {
                try DownloadItem.filter(key: id).updateAll(db, Column("state").set(to: DownloadState.queued.rawValue))
                try ChangeLog.record(db, kind: DownloadState.queued.rawValue, id: id)
            }
            return ids.count
        }
    }
}
