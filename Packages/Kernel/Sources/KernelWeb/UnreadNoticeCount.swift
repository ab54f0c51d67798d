import Kernel
import KernelBus
import ServiceLifecycle
import Synchronization

/// The number of unread notices shown in every page's header, kept in memory.
///
/// Reading it from the database on every request cost about a quarter of a millisecond; it changes only when a
/// notice is delivered or the inbox is marked read. A delivery counts one at once (the bus says so, and the next page
/// shows it); the service then reads the count again to be exact, in its own loop for as long as the host runs, so no
/// reading outlives the host. Marking the inbox read reads it again before the page answers.
final class UnreadNoticeCount: Service, Sendable {
    private struct State {
        var count = 0
        var generation = 0
    }

    private let state = Mutex(State())
    private let notices: NoticeCenter
    private let deliveries: BusSequence<NoticeDelivered>
    private let observation = Mutex<BusObservation?>(nil)

    init(notices: NoticeCenter, bus: NotificationBus) {
        self.notices = notices
        // Subscribed before anything can be delivered: none is missed between start-up and the loop's first turn.
        deliveries = bus.messages(of: NoticeDelivered.self, bufferingPolicy: .bufferingNewest(1))
        let token = bus.addObserver(for: NoticeDelivered.self) { [weak self] _ in
            // A delivered notice is unread: count it at once, and drop any reading that started before it.
            self?.state.withLock { state in
                state.count += 1
                state.generation += 1
            }
        }
        observation.withLock { $0 = token }
    }

    /// The count as last read.
    var value: Int { state.withLock { $0.count } }

    /// Reads the count again after every delivery (several delivered at once make one reading), until shutdown.
    func run() async {
        await cancelWhenGracefulShutdown {
            for await _ in self.deliveries {
                while !Task.isCancelled, await !self.refresh() {
                    try? await Task.sleep(for: .seconds(1))
                }
            }
        }
    }

    /// Reads the count again; returns false when the read failed. When readings overlap, the one started last wins,
    /// whichever ends last.
    @discardableResult
    func refresh() async -> Bool {
        let generation = state.withLock { state in
            state.generation += 1
            return state.generation
        }
        guard let fresh = try? await notices.unreadCount() else { return false }
        state.withLock { state in
            if state.generation == generation { state.count = fresh }
        }
        return true
    }
}
