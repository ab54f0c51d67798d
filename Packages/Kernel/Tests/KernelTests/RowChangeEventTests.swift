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
    let owner: PersonID

    init(_ change: Change, ids: [Int64], owner: PersonID = .local) {
        self.change = change
        self.ids = ids
        self.owner = owner
    }
}

@Suite("Row change events from another process's changes")
struct RowChangeEventTests {
    private func entries(_ entries: [(String, Int64?)], owner: PersonID = .local) -> [DatabaseChange] {
        entries.enumerated().map {
            DatabaseChange(seq: Int64($0.offset + 1), kind: $0.element.0, entityID: $0.element.1, owner: owner)
        }
    }

    @Test("one kind throughout keeps that kind, and each row is named once, in the order first recorded")
    func oneKind() {
        let events = ShelfChanged.events(outside: entries([("added", 12), ("added", 11), ("added", 12), ("added", nil)]))
        #expect(events == [ShelfChanged(.added, ids: [12, 11])])
    }

    @Test("mixed kinds, or a kind the event does not know, become one batch")
    func batch() {
        #expect(ShelfChanged.events(outside: entries([("added", 1), ("deleted", 2)])) == [ShelfChanged(.batch, ids: [1, 2])])
        #expect(ShelfChanged.events(outside: entries([("renamed", 3)])) == [ShelfChanged(.batch, ids: [3])])
    }

    @Test("each person's changes are their own event, heard by their pages only, in the order first recorded")
    func perPerson() {
        let ann = PersonID(rawValue: 7)
        let changes =
            entries([("added", 1)], owner: ann) + entries([("deleted", 2), ("added", 3)])
            + entries([("added", 4)], owner: ann)
        let events = ShelfChanged.events(outside: changes)
        #expect(events == [ShelfChanged(.added, ids: [1, 4], owner: ann), ShelfChanged(.batch, ids: [2, 3])])
        #expect(events.map(\.audience) == [ann, .local])
    }

    @Test("no entries, no event")
    func empty() {
        #expect(ShelfChanged.events(outside: []).isEmpty)
    }
}
