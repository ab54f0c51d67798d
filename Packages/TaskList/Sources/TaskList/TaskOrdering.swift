import Foundation
import GRDB

/// The order in which tasks are listed.
///
/// 1. Tasks still to do come before completed tasks.
/// 2. Then the most recent day comes first.
/// 3. Then names in alphabetical order, ignoring case: by ``sortKey(_:)``, the name folded for case and
///    normalized (NFC), compared code point by code point.
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
        let (left, right) = (sortKey(lhs.name), sortKey(rhs.name))
        if left != right { return Array(left.utf8).lexicographicallyPrecedes(right.utf8) }
        return (lhs.id ?? .max) < (rhs.id ?? .max)
    }

    /// The name as it is sorted: case folded and in NFC, so `Apple`, `apple` and a decomposed `Éclair` sort with
    /// their kin. The repository stores it in the `sortName` column with every write, so the database sorts with
    /// its plain binary comparison (and an index) instead of calling back into Foundation for every comparison,
    /// which cost most of a list page's time.
    public static func sortKey(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping.folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
    }

    /// Returns the tasks in list order.
    public static func sorted(_ items: some Sequence<TaskItem>) -> [TaskItem] {
        items.sorted(by: areInIncreasingOrder)
    }

    /// The SQL `ORDER BY` terms that give the same order as ``areInIncreasingOrder(_:_:)``.
    ///
    /// Names are compared by their stored ``sortKey(_:)`` (`sortName`) with SQLite's binary collation, which
    /// compares UTF-8 bytes: the same order as comparing code points, as the comparator does. The index
    /// `tasks_item_order` matches these terms.
    static var sqlOrdering: [any SQLOrderingTerm] {
        [
            TaskItem.Columns.isDone.asc,
            TaskItem.Columns.day.desc,
            Column("sortName").asc,
            TaskItem.Columns.id.asc,
        ]
    }
}
