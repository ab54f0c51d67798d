import Foundation
import GRDB

/// The order in which tasks are listed.
///
/// 1. Tasks still to do come before completed tasks.
/// 2. Then the most recent day comes first.
/// 3. Then names in alphabetical order, ignoring case.
/// 4. Then the identifier, oldest first, so that two tasks never swap places between two readings.
///
/// ``TaskRepository/all()`` asks the database for exactly this order; ``areInIncreasingOrder(_:_:)`` gives the same
/// order in memory.
public enum TaskOrdering {
    /// Tells whether the first task is listed before the second one.
    ///
    /// This is a strict total order for stored tasks (distinct identifiers), so sorting with it never jitters.
    /// Items without an identifier come after stored items that otherwise tie with them.
    public static func areInIncreasingOrder(_ lhs: TaskItem, _ rhs: TaskItem) -> Bool {
        if lhs.isDone != rhs.isDone { return !lhs.isDone }
        if lhs.day != rhs.day { return lhs.day > rhs.day }
        switch lhs.name.caseInsensitiveCompare(rhs.name) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return (lhs.id ?? .max) < (rhs.id ?? .max)
        }
    }

    /// Returns the tasks in list order.
    public static func sorted(_ items: some Sequence<TaskItem>) -> [TaskItem] {
        items.sorted(by: areInIncreasingOrder)
    }

    /// The SQL `ORDER BY` terms that give the same order as ``areInIncreasingOrder(_:_:)``.
    ///
    /// Names are compared with GRDB's `caseInsensitiveCompare` collation, which is Foundation's
    /// `String.caseInsensitiveCompare(_:)`, the very function used in memory.
    static var sqlOrdering: [any SQLOrderingTerm] {
        [
            TaskItem.Columns.isDone.asc,
            TaskItem.Columns.day.desc,
            TaskItem.Columns.name.collating(.caseInsensitiveCompare).asc,
            TaskItem.Columns.id.asc,
        ]
    }
}
