import Foundation
import GRDB
import KernelEvents
import KernelStorage
import KernelTestSupport
import Logging
import Synchronization
import Testing

@testable import Kernel

@Suite("Notice center")
struct NoticeCenterTests {
    let bus = EventBus()
    let center: NoticeCenter

    init() throws {
        center = NoticeCenter(database: try FeatureDatabase.inMemory(migrations: NoticeCenter.migrations), bus: bus)
    }

    @Test("a notice raised now is delivered at once: stored, unread, and posted on the bus")
    func raiseNow() async throws {
        let posted = Mutex<[String]>([])
        let token = bus.addObserver(for: NoticeDelivered.self) { message in
            posted.withLock { $0.append(message.title) }
        }
        try await center.raise(featureID: "tasks", title: "Due today", body: "Hand in the essay", link: "/tasks/1")
        #expect(posted.withLock { $0 } == ["Due today"])
        let inbox = try await center.inbox()
        #expect(inbox.map(\.title) == ["Due today"])
        #expect(inbox.first?.link == "/tasks/1")
        #expect(try await center.unreadCount() == 1)
        withExtendedLifetime(token) {}
    }

    @Test("a notice taken out of the inbox leaves it and its unread count, and is put back as it was")
    func removeAndPutBack() async throws {
        let kept = try await center.raise(featureID: "tasks", title: "Kept", body: "")
        let removed = try await center.raise(featureID: "tasks", title: "Removed", body: "")
        let id = try #require(removed.id)
        #expect(try await center.remove(id: id)?.title == "Removed")
        #expect(try await center.inbox().map(\.title) == ["Kept"])
        #expect(try await center.unreadCount() == 1)
        #expect(try await center.remove(id: id) == nil, "removed once")
        try await center.markAllRead()
        #expect(try await center.putBack(id: id)?.title == "Removed")
        #expect(try await center.inbox().map(\.title) == ["Removed", "Kept"])
        #expect(try await center.unreadCount() == 1, "marking all read left the removed notice as it was")
        #expect(try await center.putBack(id: try #require(kept.id)) == nil, "nothing to put back")
    }

    @Test("a notice for later waits until its time, then is delivered once")
    func scheduled() async throws {
        let now = Date()
        try await center.raise(featureID: "countdown", title: "Time's up", body: "", at: now.addingTimeInterval(60))
        #expect(try await center.inbox().isEmpty)
        #expect(try await center.scheduled().count == 1)
        #expect(try await center.deliverDue(now: now).isEmpty)
        #expect(try await center.deliverDue(now: now.addingTimeInterval(61)).map(\.title) == ["Time's up"])
        #expect(try await center.deliverDue(now: now.addingTimeInterval(120)).isEmpty)
        #expect(try await center.inbox().count == 1)
    }

    @Test("a host starting puts what fell due meanwhile in the inbox at once, and announces it on its next round, once")
    func deliverBeforeAnyoneListens() async throws {
        let posted = Mutex<[String]>([])
        let token = bus.addObserver(for: NoticeDelivered.self) { message in
            posted.withLock { $0.append(message.title) }
        }
        let now = Date()
        try await center.schedule(featureID: "countdown", title: "Laundry", body: "", at: now.addingTimeInterval(-10))
        #expect(try await center.deliverDue(now: now, announcing: false).map(\.title) == ["Laundry"])
        #expect(try await center.inbox().map(\.title) == ["Laundry"])
        #expect(try await center.inbox().first?.late == true)
        #expect(posted.withLock { $0 }.isEmpty)
        try await center.deliverDue(now: now.addingTimeInterval(1))
        try await center.deliverDue(now: now.addingTimeInterval(2))
        #expect(posted.withLock { $0 } == ["Late: Laundry"])
        withExtendedLifetime(token) {}
    }

    @Test("marking read clears the unread count; cancelling withdraws a waiting notice")
    func readAndCancel() async throws {
        try await center.raise(featureID: "a", title: "One", body: "")
        let later = try await center.raise(featureID: "a", title: "Later", body: "", at: Date().addingTimeInterval(3600))
        try await center.markAllRead()
        #expect(try await center.unreadCount() == 0)
        #expect(try await center.cancel(id: later.id ?? -1))
        #expect(try await center.scheduled().isEmpty)
    }

    @Test("with nothing due, delivery takes no write lock: it finishes while another process holds one")
    func idleDeliveryTakesNoWriteLock() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try FeatureDatabase.open(named: "kernel", in: folder.dataDirectory, migrations: NoticeCenter.migrations)
        let center = NoticeCenter(database: database, bus: bus)
        try await center.raise(featureID: "tasks", title: "Delivered", body: "")
        try await center.schedule(featureID: "tasks", title: "Later", body: "", at: Date().addingTimeInterval(3_600))
        let other = try await WriteLockHolder(path: folder.dataDirectory.databasePath(named: "kernel"))
        let clock = ContinuousClock()
        let start = clock.now
        let delivered = try await center.deliverDue()
        let took = clock.now - start
        try await other.release()
        #expect(delivered.isEmpty)
        #expect(took < .seconds(4), "delivery waited \(took) for the write lock (5-second busy timeout)")
        // Once something is due, it is delivered as before.
        let due = try await center.deliverDue(now: Date().addingTimeInterval(7_200))
        #expect(due.map(\.title) == ["Later"])
    }

    @Test("the delivery loop's two questions read through their partial indexes, not every delivered notice")
    func deliveryQuestionsUseTheirIndexes() async throws {
        let database = try FeatureDatabase.inMemory(migrations: NoticeCenter.migrations)
        let plans = try await database.read { db in
            try [NoticeCenter.due(by: Date()), NoticeCenter.unannounced].map { request in
                let statement = try request.makePreparedRequest(db, forSingleResult: false).statement
                return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + statement.sql, arguments: statement.arguments)
                    .map { $0["detail"] as String }.joined(separator: "; ")
            }
        }
        #expect(plans[0].contains("INDEX kernel_notice_waiting"), "\(plans[0])")
        #expect(plans[1].contains("INDEX kernel_notice_unannounced"), "\(plans[1])")
    }

    @Test("the delivery service sleeps until a notice falls due, and wakes for one scheduled or carried meanwhile")
    func deliveryService() async throws {
        try await center.raise(featureID: "a", title: "Soon", body: "", at: Date().addingTimeInterval(0.2))
        let outbox = try FeatureDatabase.inMemory(migrations: FeatureMigrations { _ in })
        let service = NoticeDeliveryService(notices: center, outboxes: ["b": outbox], logger: Logger(label: "test"))
        let task = Task { try await service.run() }
        try await eventually("the notice is delivered at its time", timeout: .seconds(10)) { try await !center.inbox().isEmpty }
        // Scheduled by another process while the service sleeps with nothing due: told, it looks again.
        try await center.schedule(featureID: "a", title: "Elsewhere", body: "", at: Date().addingTimeInterval(0.1))
        service.wake()
        try await eventually("a notice another process scheduled is delivered", timeout: .seconds(10)) {
            try await center.inbox().count == 2
        }
        // A feature's commit left a notice in its outbox: carried, and delivered.
        try await outbox.write(changing: { _ in
            var changed = Changed(())
            changed.schedule(featureID: "b", key: "carried-1", title: "Carried", body: "", at: Date())
            return changed
        })
        service.carry(from: "b")
        try await eventually("a notice from a feature's outbox is delivered", timeout: .seconds(10)) {
            try await center.inbox().count == 3
        }
        task.cancel()
        #expect(try await center.inbox().map(\.title) == ["Carried", "Elsewhere", "Soon"])
    }

    @Test("desktop notifications are used only when a desktop session exists")
    func desktopDetection() {
        #expect(DesktopNotifier.ifAvailable(environment: ["PATH": "/usr/bin"]) == nil)
    }
}
