import Foundation
import GRDB
import KernelStorage

/// One stored entry.
public struct __NAME__Entry: Codable, Sendable, Hashable, Identifiable {
    /// The row id, `nil` until the entry is stored.
    public var id: Int64?
    /// The title: trimmed, never empty, at most ``__NAME__Validation/maxTitleLength`` characters.
    public var title: String
    /// When the entry was added.
    public var createdAt: Date
    /// Whose entry it is.
    public var owner: PersonID

    /// An entry; stored entries come from ``__NAME__Repository``.
    public init(id: Int64? = nil, title: String, createdAt: Date, owner: PersonID = .local) {
        self.id = id
        self.title = title
        self.createdAt = createdAt
        self.owner = owner
    }
}

extension __NAME__Entry: FetchableRecord, MutablePersistableRecord {
    /// `__ID___entry`.
    public static let databaseTableName = "__ID___entry"

    /// Stores timestamps as seconds since 1970, which read back as exactly the same `Date`.
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .timeIntervalSince1970
    }

    /// Reads timestamps stored as seconds since 1970.
    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .timeIntervalSince1970
    }

    /// Records the identifier the database gave a newly inserted entry.
    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
