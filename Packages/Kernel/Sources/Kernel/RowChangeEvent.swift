import KernelStorage

/// A live event about rows of one feature: which kind of change, to which rows. Such an event is posted once per
/// action a person takes and once per batch of changes another process (the CLI) recorded in the feature's
/// `ChangeLog` — built for those by ``init(outside:)``, written once here for every feature.
///
/// ```swift
/// public struct TaskChanged: RowChangeEvent, Hashable {
///     public static let name: BusNotification.Name = "tasks.changed"
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
    /// The event for what another process recorded in the change log: its one kind when every entry has the same
    /// (and it is one of `Change`), else a batch; each row once, in the order first recorded. Nil for no entries.
    public init?(outside changes: [DatabaseChange]) {
        guard let first = changes.first else { return nil }
        let sameKind = changes.allSatisfy { $0.kind == first.kind }
        let change = sameKind ? Change(rawValue: first.kind) ?? .batch : .batch
        var seen = Set<Int64>()
        self.init(change, ids: changes.compactMap(\.entityID).filter { seen.insert($0).inserted })
    }
}
