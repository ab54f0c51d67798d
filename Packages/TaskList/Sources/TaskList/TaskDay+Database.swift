import GRDB

extension TaskDay: DatabaseValueConvertible {
    /// The day stored as its `yyyy-MM-dd` text, so that SQL text ordering is chronological ordering.
    public var databaseValue: DatabaseValue { isoString.databaseValue }

    /// Reads a day stored as `yyyy-MM-dd` text; returns `nil` for any other value.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> TaskDay? {
        guard let text = String.fromDatabaseValue(dbValue) else { return nil }
        return TaskDay(isoString: text)
    }
}
