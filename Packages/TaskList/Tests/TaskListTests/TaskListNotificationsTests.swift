import Foundation
import KernelBus
import Synchronization
import Testing

@testable import TaskList

/// Collects the task list changes posted on a bus, noting for each whether the change was already visible in the
/// database when it was delivered.
final class ChangeRecorder: Sendable {
    struct Delivery: Sendable, Equatable {
        let change: TaskListChange
        let objectWasNil: Bool
        let storedDoneState: Bool?
    }

    private let deliveries = Mutex<[Delivery]>([])
    private let observation = Mutex<BusObservation?>(nil)

    init(_ database: TemporaryTaskDatabase) {
        let repository = database.repository
        let token = database.bus.addObserver(forName: TaskListNotifications.changed) { [weak self] notification in
            guard let self, let change = TaskListChange(notification) else { return }
            let stored = try? repository.find(id: change.id)
            self.deliveries.withLock {
                $0.append(Delivery(change: change, objectWasNil: notification.object == nil, storedDoneState: stored?.isDone))
            }
        }
        observation.withLock { $0 = token }
    }

    /// The deliveries so far, waiting up to two seconds for at least `count` of them to arrive.
    func deliveries(atLeast count: Int) async -> [Delivery] {
        let deadline = ContinuousClock.now + .seconds(2)
        while deliveries.withLock({ $0.count }) < count, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return deliveries.withLock { $0 }
    }
}

@Suite("Change notifications")
struct TaskListNotificationsTests {
    @Test("use the documented name and keys")
    func names() {
        #expect(TaskListNotifications.changed.rawValue == "tasks.changed")
        #expect(TaskListNotifications.Change.allCases.map(\.rawValue) == ["added", "updated", "toggled", "deleted", "restored"])
        #expect(TaskListIdentity.id == "tasks")
        #expect(TaskListIdentity.title == "Tasks")
    }

    @Test("are posted for every change, with the kind, identifier and name, once the change is committed")
    func everyChangeIsPosted() async throws {
        let database = try TemporaryTaskDatabase()
        let recorder = ChangeRecorder(database)
        let repository = database.repository

        let added = try repository.add(input("Water plants", "2026-11-21"))
        let id = try #require(added.id)
        try repository.update(id: id, with: input("Water the plants", "2026-11-21"))
        try repository.toggle(id: id)
        let deleted = try repository.delete(id: id)
        try repository.restore(deleted)

        let deliveries = await recorder.deliveries(atLeast: 5)
        #expect(
            deliveries.map(\.change) == [
                TaskListChange(change: .added, id: id, name: "Water plants"),
                TaskListChange(change: .updated, id: id, name: "Water the plants"),
                TaskListChange(change: .toggled, id: id, name: "Water the plants"),
                TaskListChange(change: .deleted, id: id, name: "Water the plants"),
                TaskListChange(change: .restored, id: id, name: "Water the plants"),
            ]
        )
        #expect(deliveries.allSatisfy { $0.objectWasNil })
    }

    @Test("are delivered only once the change is committed and visible to readers")
    func postedAfterCommit() async throws {
        let database = try TemporaryTaskDatabase()
        let recorder = ChangeRecorder(database)
        let repository = database.repository

        let id = try #require(try repository.add(input("Visible", "2026-11-21")).id)
        #expect(await recorder.deliveries(atLeast: 1).last?.storedDoneState == .some(false))
        try repository.toggle(id: id)
        #expect(await recorder.deliveries(atLeast: 2).last?.storedDoneState == .some(true))
        try repository.delete(id: id)
        let deliveries = await recorder.deliveries(atLeast: 3)
        #expect(deliveries.count == 3)
        #expect(deliveries.last?.change.change == .deleted)
        #expect(deliveries.last?.storedDoneState == nil)
    }

    @Test("carry the user info as plain values")
    func userInfoShape() async throws {
        let database = try TemporaryTaskDatabase()
        let received = Mutex<[String: any Sendable]?>(nil)
        let token = database.bus.addObserver(forName: TaskListNotifications.changed) { notification in
            received.withLock { $0 = notification.userInfo }
        }
        let added = try database.repository.add(input("Shape", "2026-11-21"))
        let deadline = ContinuousClock.now + .seconds(2)
        while received.withLock({ $0 == nil }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        withExtendedLifetime(token) {}
        let userInfo = try #require(received.withLock { $0 })
        #expect(userInfo["change"] as? String == "added")
        #expect(userInfo["id"] as? Int64 == added.id)
        #expect(userInfo["name"] as? String == "Shape")
    }

    @Test("are not posted when nothing changed or the task is missing")
    func nothingPostedWithoutChange() async throws {
        let database = try TemporaryTaskDatabase()
        let repository = database.repository
        let added = try repository.add(input("Same", "2026-11-21"))
        let id = try #require(added.id)
        let recorder = ChangeRecorder(database)

        try repository.update(id: id, with: input("Same", "2026-11-21"))
        try repository.setDone(id: id, false)
        #expect(throws: TaskListError.notFound(id: 404)) { try repository.toggle(id: 404) }
        try repository.seedIfEmpty(today: day("2026-11-21"))
        try repository.setDone(id: id, true)

        let deliveries = await recorder.deliveries(atLeast: 1)
        #expect(deliveries.map(\.change) == [TaskListChange(change: .toggled, id: id, name: "Same")])
    }

    @Test("ignore notifications that are not task list changes")
    func readingForeignNotification() {
        let bus = NotificationBus()
        let seen = Mutex<[TaskListChange?]>([])
        let token = bus.addObserver(forName: nil) { notification in
            seen.withLock { $0.append(TaskListChange(notification)) }
        }
        bus.post(name: "other.changed", userInfo: ["change": "added", "id": Int64(1), "name": "x"])
        bus.post(name: TaskListNotifications.changed, userInfo: ["change": "exploded", "id": Int64(1), "name": "x"])
        withExtendedLifetime(token) {}
        #expect(seen.withLock { $0 }.allSatisfy { $0 == nil })
    }
}
