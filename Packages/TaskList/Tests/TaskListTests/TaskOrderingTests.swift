import Foundation
import Testing

@testable import TaskList

/// Makes a stored-looking task for ordering tests.
func task(_ id: Int64?, _ name: String, on day: String, done: Bool = false) -> TaskItem {
    TaskItem(
        id: id,
        name: name,
        isDone: done,
        day: TaskDay(isoString: day) ?? .earliest,
        createdAt: Date(timeIntervalSince1970: 0),
        updatedAt: Date(timeIntervalSince1970: 0)
    )
}

@Suite("The order of the task list")
struct TaskOrderingTests {
    @Test("puts the most recent date at the top")
    func mostRecentFirst() {
        let items = [task(1, "Old", on: "2026-01-01"), task(2, "New", on: "2026-11-21"), task(3, "Mid", on: "2026-06-15")]
        #expect(TaskOrdering.sorted(items).map(\.name) == ["New", "Mid", "Old"])
    }

    @Test("puts completed tasks at the bottom, even with a more recent date")
    func completedLast() {
        let items = [
            task(1, "Done recently", on: "2026-12-01", done: true),
            task(2, "Still to do", on: "2026-01-01"),
            task(3, "Done long ago", on: "2025-01-01", done: true),
        ]
        #expect(TaskOrdering.sorted(items).map(\.name) == ["Still to do", "Done recently", "Done long ago"])
    }

    @Test("orders tasks on the same date by name, ignoring case")
    func equalDatesByName() {
        let items = [task(1, "cherry", on: "2026-11-21"), task(2, "Banana", on: "2026-11-21"), task(3, "apple", on: "2026-11-21")]
        #expect(TaskOrdering.sorted(items).map(\.name) == ["apple", "Banana", "cherry"])
    }

    @Test("breaks a full tie by identifier, so the order never jitters")
    func fullTieByIdentifier() {
        let items = [task(9, "Call mum", on: "2026-11-21"), task(4, "call Mum", on: "2026-11-21"), task(6, "CALL MUM", on: "2026-11-21")]
        let expected: [Int64?] = [4, 6, 9]
        #expect(TaskOrdering.sorted(items).map(\.id) == expected)
        #expect(TaskOrdering.sorted(items.reversed()).map(\.id) == expected)
        #expect(TaskOrdering.sorted(TaskOrdering.sorted(items)).map(\.id) == expected)
    }

    @Test("moves a task to the bottom when it is ticked, and back when unticked")
    func togglingMovesTask() {
        var items = [task(1, "A", on: "2026-11-21"), task(2, "B", on: "2026-11-20"), task(3, "C", on: "2026-11-19")]
        items[0].isDone = true
        #expect(TaskOrdering.sorted(items).map(\.name) == ["B", "C", "A"])
        items[0].isDone = false
        #expect(TaskOrdering.sorted(items).map(\.name) == ["A", "B", "C"])
    }

    @Test("places an edited task by its new date")
    func editingMovesTask() {
        var items = [task(1, "A", on: "2026-11-21"), task(2, "B", on: "2026-11-20"), task(3, "C", on: "2026-11-19")]
        items[2].day = TaskDay(isoString: "2026-12-25") ?? .earliest
        #expect(TaskOrdering.sorted(items).map(\.name) == ["C", "A", "B"])
    }

    @Test("is a strict order: irreflexive and asymmetric")
    func strictOrder() {
        let items = [
            task(1, "a", on: "2026-11-21"), task(2, "A", on: "2026-11-21"), task(3, "b", on: "2026-11-21", done: true),
            task(4, "a", on: "2026-11-20"),
        ]
        for lhs in items {
            #expect(!TaskOrdering.areInIncreasingOrder(lhs, lhs))
            for rhs in items where lhs.id != rhs.id {
                #expect(TaskOrdering.areInIncreasingOrder(lhs, rhs) != TaskOrdering.areInIncreasingOrder(rhs, lhs))
            }
        }
    }

    @Test("places a task not yet stored after stored tasks it ties with")
    func unsavedTaskLast() {
        let items = [task(nil, "Same", on: "2026-11-21"), task(5, "same", on: "2026-11-21")]
        #expect(TaskOrdering.sorted(items).map(\.id) == [5, nil])
    }
}
