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

    /// The state, shared with the bus observer made before `self` is whole.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let shared = Shared()
    private let notices: NoticeCenter
    private let deliveries: BusSequence<NoticeDelivered>
    private let observation = Mutex<BusObservation?>(nil)

    init(notices: NoticeCenter, bus: NotificationBus) {
        self.notices = notices
        let shared = shared
        // A delivered notice is unread: count it at once, and drop any reading that started before it. Registered
        // before the sequence below, so a post counts it before it wakes the loop (observers are called in the order
        // they registered): the other way round, a reading woken first could see the new notice in the database and
        // then have the count raised once more on top of it (seen in CI: "Inbox, 2 unread" after one notice).
        let token = bus.addObserver(for: NoticeDelivered.self) { _ in
            shared.state.withLock { state in
                state.count += 1
                state.generation += 1
            }
        }
        observation.withLock { $0 = token }
        // Subscribed before anything can be delivered: none is missed between start-up and the loop's first turn.
        deliveries = bus.messages(of: NoticeDelivered.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// The count as last read.
    var value: Int { shared.state.withLock { $0.count } }

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

    /// Reads the count again after the inbox changed here other than by a delivery (read, removed, put back), and tells
    /// every open page, whose badge follows.
    func refresh(announcingTo hub: LiveEventHub) async {
        await refresh()
        hub.announceUnread(value)
    }

    /// Reads the count again; returns false when the read failed. When readings overlap, the one started last wins,
    /// whichever ends last.
    @discardableResult
    func refresh() async -> Bool {
        let generation = shared.state.withLock { state in
            state.generation += 1
            return state.generation
        }
        guard let fresh = try? await notices.unreadCount() else { return false }
        shared.state.withLock { state in
            if state.generation == generation { state.count = fresh }
        }
        return true
    }
}
