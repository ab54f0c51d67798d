import Foundation
import GRDB
import KernelStorage

/// One task in the list: a name, an optional description, a done flag and the day it is for.
///
/// Items are stored in the `tasks_item` table. The day is stored as `yyyy-MM-dd` text so that the database can
/// sort by it, and the two timestamps as seconds since 1970, so that an item read back equals the item written.
public struct TaskItem: Codable, Sendable, Hashable, Identifiable {
    /// The row identifier, or `nil` for an item that has not been stored yet.
    public var id: Int64?

    /// The name of the task, trimmed and never empty once validated.
    public var name: String

    /// The description of the task, as typed; may be empty.
    public var details: String

    /// Whether the task has been completed.
    public var isDone: Bool

    /// The day the task is for.
    public var day: TaskDay

    /// When the task was first stored.
    public var createdAt: Date

    /// When the task was last changed.
    public var updatedAt: Date
    /// Whose task it is.
    public var owner: PersonID

    /// Creates an item from all of its values.
    public init(
        id: Int64? = nil,
        name: String,
        details: String = "",
        isDone: Bool = false,
        day: TaskDay,
        createdAt: Date,
        updatedAt: Date,
        owner: PersonID = .local
    ) {
        self.id = id
        self.name = name
        self.details = details
        self.isDone = isDone
        self.day = day
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.owner = owner
    }

    /// The names of the stored columns, which are also the coding keys.
    public enum CodingKeys: String, CodingKey, Sendable {
        /// The `id` column.
        case id
        /// The `name` column.
        case name
        /// The `details` column (the task's description).
        case details
        /// The `isDone` column.
        case isDone
        /// The `day` column, as `yyyy-MM-dd` text.
        case day
        /// The `createdAt` column, in seconds since 1970.
        case createdAt
        /// The `updatedAt` column, in seconds since 1970.
        case updatedAt
        /// The `owner` column: the person whose task it is.
        case owner
    }

    /// The columns of the `tasks_item` table, for building queries.
    public enum Columns {
        /// The `id` column.
        public static let id = Column(CodingKeys.id)
        /// The `name` column.
        public static let name = Column(CodingKeys.name)
        /// The `details` column.
        public static let details = Column(CodingKeys.details)
        /// The `isDone` column.
        public static let isDone = Column(CodingKeys.isDone)
        /// The `day` column.
        public static let day = Column(CodingKeys.day)
        /// The `createdAt` column.
        public static let createdAt = Column(CodingKeys.createdAt)
        /// The `updatedAt` column.
        public static let updatedAt = Column(CodingKeys.updatedAt)
        /// The `owner` column.
        public static let owner = Column(CodingKeys.owner)
    }
}

extension TaskItem: FetchableRecord, MutablePersistableRecord {
    /// The table that holds the tasks: `tasks_item`.
    public static let databaseTableName = "tasks_item"

    /// Stores timestamps as seconds since 1970, which read back as exactly the same `Date`.
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .timeIntervalSince1970
    }

    /// Reads timestamps stored as seconds since 1970.
    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .timeIntervalSince1970
    }

    /// Records the identifier the database gave to a newly inserted item.
    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension TaskDraft {
    /// Creates a draft holding the current values of a task, for instance to fill in an edit form.
    public init(_ item: TaskItem) {
        self.init(name: item.name, details: item.details, day: item.day.isoString)
    }
}

extension TaskItem {
    /// Which save of the task this is: its identifier and when it was last changed (which every change sets, and the
    /// database gives back exactly). A client sends it back with a change (`If-Match`) so that the change is refused
    /// when the task was saved again meanwhile.
    public var version: String {
        "\(id ?? 0)-\(String(updatedAt.timeIntervalSince1970.bitPattern, radix: 16))"
    }
}
