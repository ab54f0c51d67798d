import Foundation
import GRDB
import KernelStorage

/// Reads and changes one person's stored entries (``owner``): every query starts from their entries, and another
/// person's entry is, to it, one that does not exist.
///
/// Every method is one short transaction, awaited (GRDB's async access), so a write waiting for a lock held by
/// another process never blocks a thread of the cooperative pool. Each write returns what it changed (`Changed`),
/// which the Kernel records in the database's `ChangeLog` inside the write's transaction; its change feed turns what
/// was recorded into one ``__NAME__Changed`` once the transaction has committed, whichever process made it.
public struct __NAME__Repository: Sendable {
    /// The database holding the entries, migrated by ``__NAME__Migrations``.
    public let writer: any DatabaseWriter
    /// The person whose entries these are.
    public let owner: PersonID
    private let now: @Sendable () -> Date

    /// A repository of `owner`'s entries over a migrated database; `now` stamps new entries.
    public init(writer: any DatabaseWriter, owner: PersonID = .local, now: @escaping @Sendable () -> Date = { Date() }) {
        self.writer = writer
        self.owner = owner
        self.now = now
    }

    /// The same entries' repository, for `person`.
    public func of(_ person: PersonID) -> __NAME__Repository {
        __NAME__Repository(writer: writer, owner: person, now: now)
    }

    /// The owner's entries: where every query starts.
    private var entries: QueryInterfaceRequest<__NAME__Entry> { __NAME__Entry.filter(Column("owner") == owner) }

    /// The most pages show at once.
    public static let pageSize = 100

    /// Up to `limit` entries, newest first, older than the entry `before` when it is given (a cursor: the id of the
    /// last entry of the previous page), so a page costs the same however many entries there are.
    public func page(before: Int64? = nil, limit: Int = pageSize) async throws -> [__NAME__Entry] {
        try await writer.read { db in
            var request = entries.order(Column("id").desc).limit(limit)
            if let before { request = request.filter(Column("id") < before) }
            return try request.fetchAll(db)
        }
    }

    /// How many entries there are.
    public func count() async throws -> Int {
        try await writer.read { db in try entries.fetchCount(db) }
    }

    /// Stores a new entry from the title a person typed, and returns it with its id. Records `added`.
    ///
    /// - Throws: ``__NAME__Error/emptyTitle`` or ``__NAME__Error/titleTooLong``, storing nothing.
    @discardableResult
    public func add(title raw: String) async throws -> __NAME__Entry {
        let title = try __NAME__Validation.title(raw)
        let stamp = now()
        return try await writer.write(changing: { db in
            var entry = __NAME__Entry(title: title, createdAt: stamp, owner: owner)
            try entry.insert(db)
            return Changed(entry, __NAME__Changed.Change.added, id: entry.id, owner: owner)
        })
    }

    /// Deletes an entry and returns it. Records `deleted`.
    ///
    /// - Throws: ``__NAME__Error/notFound(id:)`` when there is no such entry.
    @discardableResult
    public func delete(id: Int64) async throws -> __NAME__Entry {
        try await writer.write(changing: { db in
            guard let entry = try entries.filter(Column("id") == id).fetchOne(db) else {
                throw __NAME__Error.notFound(id: id)
            }
            try entry.delete(db)
            return Changed(entry, __NAME__Changed.Change.deleted, id: id, owner: owner)
        })
    }
}
