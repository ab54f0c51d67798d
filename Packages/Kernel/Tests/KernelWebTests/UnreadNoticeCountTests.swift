import Kernel
import KernelBus
import KernelStorage
import Testing

@testable import KernelWeb

@Suite("The unread count in every page's header")
struct UnreadNoticeCountTests {
    @Test("a delivery is counted before it wakes the reading loop, so a reading never adds to a count it already saw")
    func countsBeforeTheLoopWakes() async throws {
        let bus = NotificationBus()
        let database = try FeatureDatabase.inMemory(migrations: NoticeCenter.migrations)
        let unread = UnreadNoticeCount(notices: NoticeCenter(database: database, bus: bus), bus: bus)
        // Observers are called in the order they registered: the counting one must come before the loop's sequence.
        let kinds = bus.registrations().filter { $0.name == NoticeDelivered.name }.map(\.kind)
        #expect(kinds == [.message("Kernel.NoticeDelivered"), .sequence])
        withExtendedLifetime(unread) {}
    }
}
