import Foundation
import GRDB
import Kernel
import KernelEvents
import KernelStorage
import KernelTestSupport
import Synchronization
import Testing

@testable import TaskList

/// Collects the `TaskChanged` messages posted on a bus, noting for each whether the change was already visible in
/// the database when it was delivered.
final class ChangeRecorder: Sendable {
    struct Delivery: Sendable, Equatable {
        let message: TaskChanged
        let storedDoneState: Bool?
    }

    private let deliveries = Mutex<[Delivery]>([])
    private let observation = Mutex<EventObservation?>(nil)

    init(_ database: TemporaryTaskDatabase) throws {
        // A connection of its own, as another reader has: read synchronously inside the observer (which the feed calls
        // on the writer's queue, right after the commit) to see what was committed.
        let reader = try DatabaseQueue(path: database.path)
        let token = database.bus.addObserver(for: TaskChanged.self) { [weak self] message in
            let stored = message.ids.first.flatMap { id in try? reader.read { db in try TaskItem.fetchOne(db, key: id) } }
            self?.deliveries.withLock { $0.append(Delivery(message: message, storedDoneState: stored?.isDone)) }
        }
        observation.withLock { $0 = token }
    }

    /// The deliveries so far, waiting up to two seconds for at least `count` of them to arrive.
    func deliveries(atLeast count: Int) async -> [Delivery] {
        _ = try? await eventually("\(count) deliveries arrive", timeout: .seconds(2)) { deliveries.withLock { $0.count } >= count }
        return deliveries.withLock { $0 }
    }
}

@Suite("Change messages")
struct TaskChangedTests {
    @Test("use the documented name and kinds, and the descriptor's id")
    func names() {
        #expect(TaskChanged.name.rawValue == "tasks.changed")
        #expect(TaskChanged.Change.allCases.map(\.rawValue) == ["added", "updated", "toggled", "deleted", "restored", "batch"])
        #expect(FeatureDescriptor.tasks.id == "tasks")
        #expect(FeatureDescriptor.tasks.title == "Tasks")
    }

    @Test("one message per change, with its kind and task, once the change is committed")
    func everyChangeIsPosted() async throws {
        let database = try TemporaryTaskDatabase()
        let recorder = try ChangeRecorder(database)
        let repository = database.repository

        let added = try await repository.add(input("Water plants", "2026-11-21"))
        let id = try #require(added.id)
        try await repository.update(id: id, with: input("Water the plants", "2026-11-21"), isDone: true)
        try await repository.toggle(id: id)
        let deleted = try await repository.delete(id: id)
        try await repository.restore(deleted)

        let deliveries = await recorder.deliveries(atLeast: 5)
        #expect(
            deliveries.map(\.message) == [
                TaskChanged(.added, ids: [id]), TaskChanged(.updated, ids: [id]), TaskChanged(.toggled, ids: [id]),
                TaskChanged(.deleted, ids: [id]), TaskChanged(.restored, ids: [id]),
            ]
        )
    }

    @Test("an edit of name and done state together is one transaction and one message")
    func editIsOneMessage() async throws {
        let database = try TemporaryTaskDatabase()
        let id = try #require(try await database.repository.add(input("Edit me", "2026-11-21")).id)
        let recorder = try ChangeRecorder(database)
        let before = try await database.pool.read { db in try ChangeLog.latest(db) }
        let edited = try await database.repository.update(id: id, with: input("Edited", "2026-11-22"), isDone: true)
        #expect(edited.isDone && edited.name == "Edited")
        let deliveries = await recorder.deliveries(atLeast: 1)
        try await Task.sleep(for: .milliseconds(50))
        #expect(await recorder.deliveries(atLeast: 1).count == 1)
        #expect(deliveries.first?.message == TaskChanged(.updated, ids: [id]))
        #expect(deliveries.first?.storedDoneState == true)
        let logged = try await database.pool.read { db in try ChangeLog.changes(after: before, db) }
        #expect(logged.map(\.kind) == ["updated"])
    }

    @Test("are delivered only once the change is committed and visible to readers")
    func postedAfterCommit() async throws {
        let database = try TemporaryTaskDatabase()
        let recorder = try ChangeRecorder(database)
        let repository = database.repository

        let id = try #require(try await repository.add(input("Visible", "2026-11-21")).id)
        #expect(await recorder.deliveries(atLeast: 1).last?.storedDoneState == .some(false))
        try await repository.toggle(id: id)
        #expect(await recorder.deliveries(atLeast: 2).last?.storedDoneState == .some(true))
        try await repository.delete(id: id)
        let deliveries = await recorder.deliveries(atLeast: 3)
        #expect(deliveries.count == 3)
        #expect(deliveries.last?.message.change == .deleted)
        #expect(deliveries.last?.storedDoneState == nil)
    }

    @Test("encode as the JSON open pages receive")
    func json() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(TaskChanged(.toggled, ids: [3, 4])), as: UTF8.self)
        #expect(text == #"{"change":"toggled","ids":[3,4],"owner":1}"#)
    }

    @Test("are not posted when nothing changed or the task is missing")
    func nothingPostedWithoutChange() async throws {
        let database = try TemporaryTaskDatabase()
        let repository = database.repository
        let added = try await repository.add(input("Same", "2026-11-21"))
        let id = try #require(added.id)
        let recorder = try ChangeRecorder(database)

        try await repository.update(id: id, with: input("Same", "2026-11-21"))
        try await repository.setDone(id: id, false)
        await #expect(throws: TaskListError.notFound(id: 404)) { try await repository.toggle(id: 404) }
        try await repository.seedIfEmpty(today: day("2026-11-21"))
        try await repository.setDone(id: id, true)

        let deliveries = await recorder.deliveries(atLeast: 1)
        #expect(deliveries.map(\.message) == [TaskChanged(.toggled, ids: [id])])
    }

    @Test("changes another process logged become one message: its kind when all agree, else a batch")
    func outsideChanges() {
        let adds = (1...3).map { DatabaseChange(seq: $0, kind: "added", entityID: $0 + 10) }
        #expect(TaskChanged.events(outside: adds) == [TaskChanged(.added, ids: [11, 12, 13])])
        let mixed = adds + [DatabaseChange(seq: 4, kind: "deleted", entityID: 11)]
        #expect(TaskChanged.events(outside: mixed) == [TaskChanged(.batch, ids: [11, 12, 13])])
        #expect(TaskChanged.events(outside: []).isEmpty)
    }
}
