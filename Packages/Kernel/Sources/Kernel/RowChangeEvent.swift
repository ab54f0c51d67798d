import KernelStorage

/// A live event about rows of one feature: which kind of change, to which rows, whose. The Kernel's ``ChangeFeed``
/// posts one for each commit that recorded changes in the feature's `ChangeLog` (this process's at once, another's —
/// the CLI's — as soon as it is seen; a burst read together as one), and for each person whose rows changed in it,
/// built from the log's entries by ``events(outside:)``, written once here for every feature. Feature code never posts
/// it. Only the owner's open pages hear of it (its ``LiveEvent/audience``).
///
/// ```swift
/// public struct TaskChanged: RowChangeEvent, Hashable {
///     public static let name: EventName = "tasks.changed"
///     public enum Change: String, RowChangeKind, Sendable, Hashable, Codable { case added, deleted, batch }
///     public let change: Change
///     public let ids: [Int64]
///     public let owner: PersonID
///     public init(_ change: Change, ids: [Int64], owner: PersonID = .local) { … }
/// }
/// ```
public protocol RowChangeEvent: LiveEvent {
    /// The kinds of change; a change-log entry's `kind` is one of their raw values.
    associatedtype Change: RowChangeKind
    /// The person whose rows changed.
    var owner: PersonID { get }
    /// A change of `change` to the rows `ids` of `owner`.
    init(_ change: Change, ids: [Int64], owner: PersonID)
}

/// The kinds of change of a ``RowChangeEvent``: an enum whose raw values are the change log's kinds, with a `batch`
/// case for several kinds reported together.
public protocol RowChangeKind: RawRepresentable<String> {
    /// The kind that reports several kinds of change together.
    static var batch: Self { get }
}

extension RowChangeEvent {
    /// Heard by the owner's pages only.
    public var audience: PersonID? { owner }

    /// The events for what the change log gained (whichever process wrote it): one for each person whose rows changed,
    /// in the order first recorded, each of its one kind when every entry of that person has the same (and it is one
    /// of `Change`), else a batch; each row once, in the order first recorded. None for no entries.
    public static func events(outside changes: [DatabaseChange]) -> [Self] {
        var owners: [PersonID] = []
        var byOwner: [PersonID: [DatabaseChange]] = [:]
        for change in changes {
            if byOwner[change.owner] == nil { owners.append(change.owner) }
            byOwner[change.owner, default: []].append(change)
        }
        return owners.map { owner in
            let changes = byOwner[owner] ?? []
            let first = changes[0]
            let sameKind = changes.allSatisfy { $0.kind == first.kind }
            let change = sameKind ? Change(rawValue: first.kind) ?? .batch : .batch
            var seen = Set<Int64>()
            return Self(change, ids: changes.compactMap(\.entityID).filter { seen.insert($0).inserted }, owner: owner)
        }
    }
}
