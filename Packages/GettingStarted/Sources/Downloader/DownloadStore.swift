import Foundation
import GRDB
import KernelStorage

/// Reads and writes the `downloads_item` table. Every write also records the change in the database's `ChangeLog`
/// (kind: the new state, or `removed`) in the same transaction, so a host watching the file from another process
/// updates the row that changed. Every access is awaited (`await writer.read/write`), so a CLI holding the write lock
/// never blocks a thread of the cooperative pool; a read-check-write is one transaction (`update(id:owner:_:)`), so what
/// it checked still holds when it writes.
///
/// Each download is one person's (``DownloadItem/person``): what a person reads and changes is asked for with them
/// (`of:`), and another's download is, to them, one that does not exist. The engine's own work (starting, leases,
/// progress) goes over every person's, and records each change as its person's.
public struct DownloadStore: Sendable {
    /// The downloader's database.
    public let writer: any DatabaseWriter

    /// A store over `writer`, a database migrated with ``DownloadMigrations``.
    public init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// `person`'s downloads: where their queries start.
    private static func of(_ person: PersonID) -> QueryInterfaceRequest<DownloadItem> {
        DownloadItem.filter(Column("person") == person)
    }

    /// Every download of `person`, newest first.
    public func all(of person: PersonID = .local) async throws -> [DownloadItem] {
        try await writer.read { db in
            try Self.of(person).order(Column("id").desc).fetchAll(db)
        }
    }

    /// One page of the list, newest first: at most `limit` downloads older than the download `before` (the cursor: the
    /// last id of the page before; nil for the first page), and whether more follow. It reads by the primary key, so a
    /// page costs the same at any list size.
    public func page(
        before: Int64? = nil,
        limit: Int,
        of person: PersonID = .local
    ) async throws -> (items: [DownloadItem], hasMore: Bool) {
        let items = try await writer.read { db in
            var request = Self.of(person).order(Column("id").desc)
            if let before { request = request.filter(Column("id") < before) }
            return try request.limit(limit + 1).fetchAll(db)
        }
        return (Array(items.prefix(limit)), items.count > limit)
    }

    /// `person`'s download `id`, or nil.
    public func find(id: Int64, of person: PersonID = .local) async throws -> DownloadItem? {
        try await writer.read { db in try Self.of(person).filter(Column("id") == id).fetchOne(db) }
    }

    /// The downloads of `ids` that are still there and `person`'s, by id.
    public func items(ids: [Int64], of person: PersonID = .local) async throws -> [Int64: DownloadItem] {
        let items = try await writer.read { db in try Self.of(person).filter(ids.contains(Column("id"))).fetchAll(db) }
        return Dictionary(items.map { ($0.id ?? 0, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Queued downloads, oldest first.
    func queued() async throws -> [DownloadItem] {
        try await writer.read { db in
            try DownloadItem.filter(Column("state") == DownloadState.queued.rawValue).order(Column("id")).fetchAll(db)
        }
    }

    /// Stores a new queued download of `url`, for `person`.
    func insert(url: String, for person: PersonID = .local) async throws -> DownloadItem {
        try await writer.write(changing: { db in
            var item = DownloadItem(url: url, person: person)
            try item.insert(db)
            return Changed(item, item.state, id: item.id, owner: person)
        })
    }

    /// Reads download `id`, lets `change` edit it, and saves it if it changed (stamping its update time), in one
    /// transaction; gives the row before and after, or nil when there is no such row. `change` may throw to leave the
    /// row as it was.
    /// With `owner`, a running row that another process owns now (or that was found lapsed) is left as it is, and a
    /// row left finished gives up `owner`'s lease on it. With `person`, a row of another person's is no row.
    func update(
        id: Int64,
        owner: String? = nil,
        person: PersonID? = nil,
        _ change: @escaping @Sendable (inout DownloadItem) throws -> Void
    ) async throws -> (before: DownloadItem, after: DownloadItem)? {
        try await writer.write(changing: { db -> Changed<(before: DownloadItem, after: DownloadItem)?> in
            guard let before = try DownloadItem.fetchOne(db, key: id), person.map({ $0 == before.person }) ?? true else {
                return Changed(nil)
            }
            if let owner, before.state == .downloading || before.state == .interrupted,
                try String.fetchOne(db, sql: "SELECT owner FROM downloads_item WHERE id = ?", arguments: [id]) != owner
            {
                return Changed((before, before))
            }
            var after = before
            try change(&after)
            if let owner, after.state.isFinished {
                // The owner's transfer has ended: nothing of it writes the file any more, so a Retry need not wait
                // for its lease.
                try db.execute(
                    sql: "UPDATE downloads_item SET owner = NULL, leaseUntil = NULL WHERE id = ? AND owner = ?",
                    arguments: [id, owner]
                )
            }
            guard after != before else { return Changed((before, before)) }
            after.updatedAt = Date()
            try after.update(db)
            var changed = Changed(Optional((before: before, after: after)), after.state, id: id, owner: after.person)
            if after.state == .completed, before.state != .completed {
                // Its notice in the same transaction: a download is never finished without saying so, nor twice.
                changed.schedule(
                    featureID: DownloadIdentity.id,
                    key: "downloads.completed.\(id).\(Int64(after.updatedAt.timeIntervalSince1970 * 1000))",
                    title: "Download finished",
                    body: after.shortAddress,
                    link: "/downloads/\(id)",
                    at: after.updatedAt,
                    for: after.person
                )
            }
            return changed
        })
    }

    /// Deletes `person`'s row `id` if it is finished, and gives it.
    ///
    /// - Throws: ``DownloadError/notFound(id:)``, ``DownloadError/notFinished(id:)``.
    func deleteFinished(id: Int64, of person: PersonID = .local) async throws -> DownloadItem {
        try await writer.write(changing: { db in
            guard let item = try Self.of(person).filter(Column("id") == id).fetchOne(db) else {
                throw DownloadError.notFound(id: id)
            }
            guard item.state.isFinished else { throw DownloadError.notFinished(id: id) }
            try DownloadItem.deleteOne(db, key: id)
            return Changed(item, DownloadChanged.Change.removed, id: id, owner: person)
        })
    }

    /// Puts back finished download `item`, which `person` removed a moment ago, with its id, as theirs; a row of
    /// theirs with that id now is left as it is (and returned).
    ///
    /// - Throws: ``DownloadError/notFound(id:)`` when the id is another person's now.
    func restore(_ item: DownloadItem, for person: PersonID = .local) async throws -> (DownloadItem, restored: Bool) {
        try await writer.write(changing: { db in
            if let id = item.id, let existing = try DownloadItem.fetchOne(db, key: id) {
                guard existing.person == person else { throw DownloadError.notFound(id: id) }
                return Changed((existing, false))
            }
            var restored = item
            restored.person = person
            try restored.insert(db)
            return Changed((restored, true), restored.state, id: restored.id, owner: person)
        })
    }

    /// Saves the progress of running download `id`, if `owner` still owns it (nothing otherwise): the byte counts,
    /// and with them the server's validator (ETag or Last-Modified), final address and type, so a resume after a
    /// kill asks for the rest of the same version (`If-Range`) and never splices two.
    func saveProgress(of item: DownloadItem, id: Int64, owner: String) async throws {
        try await writer.write(changing: { db in
            try db.execute(
                sql: """
                    UPDATE downloads_item SET receivedBytes = ?, totalBytes = ?, validator = ?, finalURL = ?, contentType = ?
                    WHERE id = ? AND state = 'downloading' AND owner = ?
                    """,
                arguments: [item.receivedBytes, item.totalBytes, item.validator, item.finalURL, item.contentType, id, owner]
            )
            var changed = Changed(())
            if db.changesCount > 0 { changed.record(DownloadChanged.Change.progress, id: id, owner: item.person) }
            return changed
        })
    }

    // MARK: Ownership

    /// Starts download `id` for `owner` if it is still queued: the row says Downloading and holds the owner and its
    /// lease, in one transaction, so of two processes starting the same row only one gets it. Gives the row before
    /// and after (the same when it was not queued), or nil when there is no such row.
    ///
    /// A queued row whose last owner was another process that still holds a live lease on it (it was cancelled and
    /// queued again while that process's transfer may still be writing the file) is not taken before the lease ends.
    ///
    /// - Throws: ``DownloadLeaseHeld`` in that case, saying when the lease ends.
    func claim(
        id: Int64,
        owner: String,
        until: Date,
        now: Date = Date()
    ) async throws -> (before: DownloadItem, after: DownloadItem)? {
        try await writer.write(changing: { db -> Changed<(before: DownloadItem, after: DownloadItem)?> in
            guard let before = try DownloadItem.fetchOne(db, key: id) else { return Changed(nil) }
            guard before.state == .queued else { return Changed((before, before)) }
            let lease = try Row.fetchOne(db, sql: "SELECT owner, leaseUntil FROM downloads_item WHERE id = ?", arguments: [id])
            if let holder: String = lease?["owner"], holder != owner, let end: Double = lease?["leaseUntil"],
                end > now.timeIntervalSince1970
            {
                throw DownloadLeaseHeld(until: Date(timeIntervalSince1970: end))
            }
            var after = before
            after.state = .downloading
            after.failure = nil
            after.updatedAt = Date()
            try after.update(db)
            try db.execute(
                sql: "UPDATE downloads_item SET owner = ?, leaseUntil = ? WHERE id = ?",
                arguments: [owner, until.timeIntervalSince1970, id]
            )
            return Changed(Optional((before, after)), after.state, id: id, owner: after.person)
        })
    }

    /// Extends the leases of `owner`'s running downloads to `until`, and gives the ids it still owns (a download
    /// cancelled, or found lapsed by another process, is no longer among them).
    func renewLeases(owner: String, until: Date) async throws -> Set<Int64> {
        try await writer.write { db in
            try db.execute(
                sql: "UPDATE downloads_item SET leaseUntil = ? WHERE owner = ? AND state = 'downloading'",
                arguments: [until.timeIntervalSince1970, owner]
            )
            return Set(
                try Int64.fetchAll(
                    db,
                    sql: "SELECT id FROM downloads_item WHERE owner = ? AND state = 'downloading'",
                    arguments: [owner]
                )
            )
        }
    }

    /// Marks Interrupted every running download whose lease lapsed before `now` (or that has none: left by a version
    /// without leases), and gives them, with the time the earliest lease of a download still running ends (nil: none
    /// runs, so none can lapse until one starts). Their owner stopped without saying so; a person may Resume them.
    ///
    /// Looks first with a read, which takes no lock: an engine must not take the write lock from a CLI or another
    /// process writing a burst of rows.
    func interruptLapsed(now: Date) async throws -> (interrupted: [DownloadItem], nextEnd: Date?) {
        let earliest = try await writer.read { db in try Self.earliestLeaseEnd(db) }
        guard let earliest else { return ([], nil) }
        guard earliest < now else { return ([], earliest) }
        return try await writer.write(changing: { db in
            let lapsed = try DownloadItem.fetchAll(db, sql: Self.lapsedSQL, arguments: [now.timeIntervalSince1970])
            var interrupted: [DownloadItem] = []
            for var item in lapsed {
                item.state = .interrupted
                item.updatedAt = Date()
                try item.update(db)
                try db.execute(sql: "UPDATE downloads_item SET owner = NULL WHERE id = ?", arguments: [item.id])
                interrupted.append(item)
            }
            var changed = Changed((interrupted: interrupted, nextEnd: try Self.earliestLeaseEnd(db)))
            for item in interrupted { changed.record(item.state, id: item.id, owner: item.person) }
            return changed
        })
    }

    /// When the earliest lease of a running download ends (the distant past for one without a lease); nil when none
    /// runs.
    private static func earliestLeaseEnd(_ db: Database) throws -> Date? {
        let sql = "SELECT MIN(COALESCE(leaseUntil, 0)) FROM downloads_item WHERE state = 'downloading'"
        return try Double.fetchOne(db, sql: sql).map { Date(timeIntervalSince1970: $0) }
    }

    /// Puts back in the queue the downloads left running by a process that stopped — their lease lapsed before `now`,
    /// or their owner's process is gone from this machine (`isAlive` says, from the process id in the owner's name)
    /// — for the host to resume at start-up; returns how many. A download another live process runs is left to it.
    func requeueInterrupted(now: Date = Date(), isAlive: @escaping @Sendable (Int32) -> Bool) async throws -> Int {
        try await writer.write(changing: { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT id, owner, leaseUntil, person FROM downloads_item WHERE state = 'downloading' ORDER BY id"
            )
            var ids: [(id: Int64, person: PersonID)] = []
            for row in rows {
                let lease: Double? = row["leaseUntil"]
                let owner: String? = row["owner"]
                let pid = owner.flatMap { Int32($0.prefix { $0 != "-" }) }
                let lapsed = (lease ?? 0) < now.timeIntervalSince1970
                let ownerGone = pid.map { !isAlive($0) } ?? true
                if lapsed || ownerGone { ids.append((row["id"], row["person"])) }
            }
            var changed = Changed(ids.count)
            for (id, person) in ids {
                try db.execute(
                    sql: "UPDATE downloads_item SET state = 'queued', owner = NULL WHERE id = ?",
                    arguments: [id]
                )
                changed.record(DownloadState.queued, id: id, owner: person)
            }
            return changed
        })
    }

    private static let lapsedSQL = """
        SELECT * FROM downloads_item
        WHERE state = 'downloading' AND (leaseUntil IS NULL OR leaseUntil < ?)
        ORDER BY id
        """
}

/// A queued download another process still holds a live lease on: it is not started before `until`.
public struct DownloadLeaseHeld: Error, Sendable, Equatable {
    /// When the lease ends.
    public var until: Date
}
