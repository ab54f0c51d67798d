import KernelStorage

/// A live event about rows of one feature: which kind of change, to which rows. The Kernel's ``ChangeFeed`` posts one
/// for each commit that recorded changes in the feature's `ChangeLog` (this process's at once, another's — the CLI's —
/// as soon as it is seen; a burst read together as one), built from the log's entries by ``init(outside:)``, written
/// once here for every feature. Feature code never posts it.
///
/// ```swift
/// public struct TaskChanged: RowChangeEvent, Hashable {
///     public static let name: EventName = "tasks.changed"
///     public enum Change: String, RowChangeKind, Sendable, Hashable, Codable { case added, deleted, batch }
///     public let change: Change
///     public let ids: [Int64]
///     public init(_ change: Change, ids: [Int64]) { … }
/// }
/// ```
public protocol RowChangeEvent: LiveEvent {
    /// The kinds of change; a change-log entry's `kind` is one of their raw values.
    associatedtype Change: RowChangeKind
    /// A change of `change` to the rows `ids`.
    init(_ change: Change, ids: [Int64])
}

/// The kinds of change of a ``RowChangeEvent``: an enum whose raw values are the change log's kinds, with a `batch`
/// case for several kinds reported together.
public protocol RowChangeKind: RawRepresentable<String> {
    /// The kind that reports several kinds of change together.
    static var batch: Self { get }
}

extension RowChangeEvent {
    /// The event for what the change log gained (whichever process wrote it): its one kind when every entry has the
    /// same (and it is one of `Change`), else a batch; each row once, in the order first recorded. Nil for no entries.
    public init?(outside changes: [DatabaseChange]) {
        guard let first = changes.first else { return nil }
        let sameKind = changes.allSatisfy { $0.kind == first.kind }
        let change = sameKind ? Change(rawValue: first.kind) ?? .batch : .batch
        var seen = Set<Int64>()
        self.init(change, ids: changes.compactMap(\.entityID).filter { seen.insert($0).inserted })
    }
}
