/// A place in the list order (see ``TaskOrdering``): the sort key of one task, so that the page after it can be
/// read with an indexed range query (no `OFFSET`) and stays right when tasks are added or removed meanwhile.
///
/// Written into addresses as `done~day~id~sortName` (`0~2026-11-24~42~buy milk`); the name comes last, so it
/// may hold any character.
public struct TaskCursor: Sendable, Hashable, CustomStringConvertible {
    /// Whether the task is done.
    public let isDone: Bool
    /// The task's day, as stored (`YYYY-MM-DD`).
    public let day: String
    /// The name's sort key (``TaskOrdering/sortKey(_:)``).
    public let sortName: String
    /// The task's identifier.
    public let id: Int64

    /// The cursor of a stored task (one without an identifier sorts as `Int64.max`).
    public init(_ item: TaskItem) {
        isDone = item.isDone
        day = item.day.isoString
        sortName = TaskOrdering.sortKey(item.name)
        id = item.id ?? .max
    }

    /// Reads a cursor written by ``description``; nil when the text is not one.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "~", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "0" || parts[0] == "1", TaskDay(isoString: String(parts[1])) != nil,
            let id = Int64(parts[2]), id > 0
        else { return nil }
        isDone = parts[0] == "1"
        day = String(parts[1])
        self.id = id
        sortName = String(parts[3])
    }

    /// The cursor as written into an address.
    public var description: String { "\(isDone ? 1 : 0)~\(day)~\(id)~\(sortName)" }
}

/// One page of the list, in list order.
public struct TaskPage: Sendable {
    /// The tasks on the page.
    public let items: [TaskItem]
    /// Where the next page starts (the last task's cursor); nil when the list ends with this page.
    public let next: TaskCursor?
}

extension TaskCursor: Comparable {
    /// Whether the first place comes before the second in the list order (``TaskOrdering``).
    public static func < (lhs: TaskCursor, rhs: TaskCursor) -> Bool {
        if lhs.isDone != rhs.isDone { return !lhs.isDone }
        if lhs.day != rhs.day { return lhs.day > rhs.day }
        if lhs.sortName != rhs.sortName { return Array(lhs.sortName.utf8).lexicographicallyPrecedes(rhs.sortName.utf8) }
        return lhs.id < rhs.id
    }
}
