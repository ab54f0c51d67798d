import Foundation
import GRDB

/// What one write of a feature changed, as the write returns it: the value the caller gets back, the rows it changed
/// (a kind of change, in the feature's words, and the row's id when it is about one) and the notices it schedules or
/// withdraws.
///
/// A feature writes through ``GRDB/DatabaseWriter/write(changing:)``, which records the rows in the feature database's
/// ``ChangeLog`` and the notices in its ``NoticeOutbox`` inside the write's own transaction. Once it commits, the
/// Kernel's change feed turns what was recorded into the feature's one change event and hands the notices to delivery.
/// A feature never records a change itself.
public struct Changed<Value> {
    /// What the write gives back to its caller.
    public var value: Value
    /// The rows changed, in the order they were changed.
    public private(set) var rows: [ChangeLog.Row] = []
    /// The notices scheduled or withdrawn, in order.
    public private(set) var notices: [NoticeOutbox.Notice] = []

    /// `value`, with nothing changed.
    public init(_ value: Value) {
        self.value = value
    }

    /// `value`, with a change of `kind` to row `id` (nil: to no one row) of `owner`.
    public init(_ value: Value, _ kind: some RawRepresentable<String>, id: Int64?, owner: PersonID = .local) {
        self.value = value
        record(kind, id: id, owner: owner)
    }

    /// Adds a change of `kind` to row `id` (nil: to no one row) of `owner`.
    public mutating func record(_ kind: some RawRepresentable<String>, id: Int64?, owner: PersonID = .local) {
        rows.append(ChangeLog.Row(kind: kind.rawValue, id: id, owner: owner))
    }

    /// Adds a notice for `owner` due at `date` under `key`, from feature `featureID`.
    public mutating func schedule(
        featureID: String,
        key: String,
        title: String,
        body: String,
        link: String? = nil,
        at date: Date,
        for owner: PersonID = .local
    ) {
        notices.append(.schedule(featureID: featureID, key: key, title: title, body: body, link: link, at: date, owner: owner))
    }

    /// Adds the withdrawal of the notice under `key`, from feature `featureID`.
    public mutating func withdraw(featureID: String, key: String) {
        notices.append(.withdraw(featureID: featureID, key: key))
    }
}

extension Changed: Sendable where Value: Sendable {}

extension DatabaseWriter {
    /// Runs `body` in one write transaction, then records what it returns as changed — its rows in the ``ChangeLog``,
    /// its notices in the ``NoticeOutbox`` — in the same transaction, so that the data, the change and its notices
    /// commit together. Gives the write's value.
    public func write<Value: Sendable>(
        changing body: @escaping @Sendable (Database) throws -> Changed<Value>
    ) async throws -> Value {
        try await write { db in
            let changed = try body(db)
            for row in changed.rows {
                try ChangeLog.record(db, row)
            }
            for notice in changed.notices {
                try NoticeOutbox.record(notice, db)
            }
            return changed.value
        }
    }
}
