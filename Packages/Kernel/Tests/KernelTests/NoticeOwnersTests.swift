import Foundation
import GRDB
import KernelEvents
import KernelStorage
import Synchronization
import Testing

@testable import Kernel

/// Two people's notices in one inbox table: each sees, reads, removes and is pushed only their own.
@Suite("Each person's notices are their own")
struct NoticeOwnersTests {
    let bus = EventBus()
    let database: any DatabaseWriter
    let center: NoticeCenter
    let bo = PersonID(rawValue: 2)

    init() throws {
        database = try FeatureDatabase.inMemory(migrations: NoticeCenter.migrations)
        center = NoticeCenter(database: database, bus: bus)
    }

    @Test("a person's inbox, unread count, read-all, remove and put-back touch their notices only")
    func inbox() async throws {
        let anns = try await center.raise(featureID: "tasks", title: "Ann's", body: "")
        let bos = try await center.raise(featureID: "tasks", title: "Bo's", body: "", for: bo)
        #expect(try await center.inbox().map(\.title) == ["Ann's"])
        #expect(try await center.inbox(of: bo).map(\.title) == ["Bo's"])
        #expect(try await center.unreadCount(of: bo) == 1)
        try await center.markAllRead(of: bo)
        #expect(try await center.unreadCount(of: bo) == 0)
        #expect(try await center.unreadCount() == 1)
        #expect(try await center.remove(id: try #require(anns.id), of: bo) == nil)
        #expect(try await center.remove(id: try #require(bos.id), of: bo) != nil)
        #expect(try await center.putBack(id: try #require(bos.id)) == nil)
        #expect(try await center.putBack(id: try #require(bos.id), of: bo) != nil)
        #expect(try await center.inbox().map(\.title) == ["Ann's"])
    }

    @Test("a delivery is heard by its person's pages only")
    func delivered() async throws {
        let heard = Mutex<[PersonID?]>([])
        let token = bus.addObserver(for: NoticeDelivered.self) { message in heard.withLock { $0.append(message.audience) } }
        try await center.raise(featureID: "tasks", title: "Bo's", body: "", for: bo)
        #expect(heard.withLock { $0 } == [bo])
        withExtendedLifetime(token) {}
    }

    @Test("a notice is pushed to its person's devices only; a device signed in by another person becomes theirs")
    func pushes() async throws {
        let queue = PushQueue(database: database)
        try await queue.subscribe(.init(endpoint: "https://push.example/ann", p256dh: "k", auth: "a"))
        try await queue.subscribe(.init(endpoint: "https://push.example/bo", p256dh: "k", auth: "a"), for: bo)
        try await center.raise(featureID: "tasks", title: "Bo's", body: "", for: bo)
        #expect(try await queue.claim().map(\.subscription.endpoint) == ["https://push.example/bo"])
        // Ann cannot unsubscribe Bo's phone; signing in on it as Ann makes it hers, with nothing of Bo's waiting.
        #expect(try await queue.unsubscribe(endpoint: "https://push.example/bo") == false)
        try await queue.subscribe(.init(endpoint: "https://push.example/bo", p256dh: "k", auth: "a"))
        #expect(try await queue.isEmpty())
        try await center.raise(featureID: "tasks", title: "Bo's again", body: "", for: bo)
        #expect(try await queue.isEmpty())
    }

    @Test("a notice a feature's write schedules for a person reaches that person's inbox through the outbox")
    func outbox() async throws {
        let feature = try FeatureDatabase.inMemory(migrations: .none)
        try await feature.write(changing: { _ in
            var changed = Changed(())
            changed.schedule(featureID: "b", key: "b-1", title: "Carried", body: "", at: Date(), for: bo)
            return changed
        })
        try await center.publish(from: feature)
        try await center.deliverDue()
        #expect(try await center.inbox(of: bo).map(\.title) == ["Carried"])
        #expect(try await center.inbox().isEmpty)
    }

    @Test("notices and devices stored before people existed are the local person's")
    func upgrade() async throws {
        let queue = try DatabaseQueue()
        let migrator = NoticeCenter.migrations.migrator()
        try migrator.migrate(queue, upTo: "kernel.v5")
        try await queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO kernel_notice (featureID, title, body, deliverAt, deliveredAt)
                    VALUES ('tasks', 'Kept', '', '2026-01-01 09:00:00.000', '2026-01-01 09:00:00.000');
                    INSERT INTO kernel_push_subscription (endpoint, p256dh, auth, createdAt)
                    VALUES ('https://push.example/kept', 'k', 'a', '2026-01-01 09:00:00.000');
                    """
            )
        }
        try migrator.migrate(queue)
        let upgraded = NoticeCenter(database: queue, bus: bus)
        #expect(try await upgraded.inbox().map(\.title) == ["Kept"])
        #expect(try await upgraded.inbox(of: bo).isEmpty)
        #expect(try await PushQueue(database: queue).unsubscribe(endpoint: "https://push.example/kept") == true)
    }
}
