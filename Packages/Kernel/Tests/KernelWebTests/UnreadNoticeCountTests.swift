import Kernel
import KernelEvents
import KernelStorage
import Testing

@testable import KernelWeb

@Suite("The unread count in every page's header")
struct UnreadNoticeCountTests {
    @Test("the count is read once and kept; a delivery drops it, before any later observer (the pages) hears of it")
    func keptUntilADelivery() async throws {
        let bus = EventBus()
        let database = try FeatureDatabase.inMemory(migrations: NoticeCenter.migrations)
        let notices = NoticeCenter(database: database, bus: bus)
        let unread = UnreadNoticeCount(notices: notices, bus: bus)
        try await notices.raise(featureID: "sample", title: "Tea", body: "Ready")
        #expect(await unread.value(for: .local) == 1)
        // Read behind the count's back: the kept count stands until the inbox says it changed.
        _ = try await database.write { db in try db.execute(sql: "UPDATE kernel_notice SET readAt = datetime('now')") }
        #expect(await unread.value(for: .local) == 1)
        let hub = LiveEventHub(bus: bus, events: [], heartbeat: .seconds(60))
        await unread.inboxChanged(of: .local, announcingTo: hub)
        #expect(await unread.value(for: .local) == 0)
        // A page told of a delivery reads the new count.
        let seen = Counted()
        let token = bus.addObserver(for: NoticeDelivered.self) { _ in
            Task { await seen.add(await unread.value(for: .local)) }
        }
        try await notices.raise(featureID: "sample", title: "Coffee", body: "Ready")
        for _ in 0..<100 where await seen.values.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        #expect(await seen.values == [1])
        withExtendedLifetime(token) {}
    }
}

private actor Counted {
    var values: [Int] = []
    func add(_ value: Int) { values.append(value) }
}
