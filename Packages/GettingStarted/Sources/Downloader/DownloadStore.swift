import Foundation
import GRDB
import KernelStorage

/// Reads and writes the `downloads_item` table. Every write also records the change in the database's ``ChangeLog``
/// (kind: the new state, or `removed`) in the same transaction, so a host watching the file from another process
/// updates the row that changed. Every access is awaited (`await writer.read/write`), so a CLI holding the write lock
/// never blocks a thread of the cooperative pool; a read-check-write is one transaction (``update(id:_:)``), so what
/// it checked still holds when it writes.
public struct DownloadStore: Sendable {
    /// The downloader's database.
    public let writer: any DatabaseWriter

    /// A store over `writer`, a database migrated with ``DownloadMigrations``.
    public init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Every download, newest first.
    public func all() async throws -> [DownloadItem] {
        try await writer.read { db in
            try DownloadItem.order(Column("id").desc).fetchAll(db)
        }
    }

    /// One page of the list, newest first: at most `limit` downloads older than the download `before` (the cursor: the
    /// last id of the page before; nil for the first page), and whether more follow. It reads by the primary key, so a
    /// page costs the same at any list size.
    public func page(before: Int64? = nil, limit: Int) async throws -> (items: [DownloadItem], hasMore: Bool) {
        let items = try await writer.read { db in
            var request = DownloadItem.order(Column("id").desc)
            if let before { request = request.filter(Column("id") < before) }
            return try request.limit(limit + 1).fetchAll(db)
        }
        return (Array(items.prefix(limit)), items.count > limit)
    }

    /// The download `id`, or nil.
    public func find(id: Int64) async throws -> DownloadItem? {
        try await writer.read { db in try DownloadItem.fetchOne(db, key: id) }
    }

    /// Queued downloads, oldest first.
    func queued() async throws -> [DownloadItem] {
        try await writer.read { db in
            try DownloadItem.filter(Column("state") == DownloadState.queued.rawValue).order(Column("id")).fetchAll(db)
        }
    }

    /// Stores a new queued download of `url`.
    func insert(url: String) async throws -> DownloadItem {
        try await writer.write { db in
            var item = DownloadItem(url: url)
            try item.insert(db)
            try ChangeLog.record(db, kind: item.state.rawValue, id: item.id)
            return item
        }
    }

    /// Reads download `id`, lets `change` edit it, and saves it if it changed (stamping its update time), in one
    /// transaction; gives the row before and after, or nil when there is no such row. `change` may throw to leave the
    /// row as it was.
    func update(
        id: Int64,
        _ change: @escaping @Sendable (inout DownloadItem) throws -> Void
    ) async throws -> (before: DownloadItem, after: DownloadItem)? {
        try await writer.write { db in
            guard let before = try DownloadItem.fetchOne(db, key: id) else { return nil }
            var after = before
            try change(&after)
            guard after != before else { return (before, before) }
            after.updatedAt = Date()
            try after.update(db)
            try ChangeLog.record(db, kind: after.state.rawValue, id: id)
            return (before, after)
        }
    }

    /// Deletes the row `id` if it is finished, and gives it.
    ///
    /// - Throws: ``DownloadError/notFound(id:)``, ``DownloadError/notFinished(id:)``.
    func deleteFinished(id: Int64) async throws -> DownloadItem {
        try await writer.write { db in
            guard let item = try DownloadItem.fetchOne(db, key: id) else { throw DownloadError.notFound(id: id) }
            guard item.state.isFinished else { throw DownloadError.notFinished(id: id) }
            try DownloadItem.deleteOne(db, key: id)
            try ChangeLog.record(db, kind: DownloadChanged.removedState, id: id)
            return item
        }
    }

    /// Saves the progress of running download `id` (nothing if it is no longer running).
    func saveProgress(of item: DownloadItem, id: Int64) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "UPDATE downloads_item SET receivedBytes = ?, totalBytes = ? WHERE id = ? AND state = ?",
                arguments: [item.receivedBytes, item.totalBytes, id, DownloadState.downloading.rawValue]
            )
        }
    }

    /// Puts downloads that were running when the host stopped back in the queue; returns how many.
    func requeueInterrupted() async throws -> Int {
        try await writer.write { db in
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
