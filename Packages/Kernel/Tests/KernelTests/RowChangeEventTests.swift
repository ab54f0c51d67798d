import Kernel
import KernelEvents
import KernelStorage
import Testing

/// A feature's change event, as the features write theirs.
private struct ShelfChanged: RowChangeEvent, Equatable {
    static let name: EventName = "test.shelf.changed"

    enum Change: String, RowChangeKind, Sendable, Codable {
        case added, deleted, batch
    }

    let change: Change
    let ids: [Int64]

    init(_ change: Change, ids: [Int64]) {
        self.change = change
        self.ids = ids
    }
}

@Suite("Row change events from another process's changes")
struct RowChangeEventTests {
    private func entries(_ entries: [(String, Int64?)]) -> [DatabaseChange] {
        entries.enumerated().map { DatabaseChange(seq: Int64($0.offset + 1), kind: $0.element.0, entityID: $0.element.1) }
    }

    @Test("one kind throughout keeps that kind, and each row is named once, in the order first recorded")
    func oneKind() {
        let event = ShelfChanged(outside: entries([("added", 12), ("added", 11), ("added", 12), ("added", nil)]))
        #expect(event == ShelfChanged(.added, ids: [12, 11]))
    }

    @Test("mixed kinds, or a kind the event does not know, become one batch")
    func batch() {
        #expect(ShelfChanged(outside: entries([("added", 1), ("deleted", 2)])) == ShelfChanged(.batch, ids: [1, 2]))
        #expect(ShelfChanged(outside: entries([("renamed", 3)])) == ShelfChanged(.batch, ids: [3]))
    }

    @Test("no entries, no event")
    func empty() {
        #expect(ShelfChanged(outside: []) == nil)
    }
}
