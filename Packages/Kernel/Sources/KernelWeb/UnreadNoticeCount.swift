import Kernel
import KernelBus
import Synchronization

/// The number of unread notices shown in every page's header, kept in memory.
///
/// Reading it from the database on every request cost about a quarter of a millisecond; it changes only when a
/// notice is delivered (the bus says so) or the inbox is marked read, so it is read again only after one of those.
final class UnreadNoticeCount: Sendable {
    private struct State {
        var count: Int?
        var generation = 0
    }

    private let state = Mutex(State())
    private let notices: NoticeCenter
    private let observation: Mutex<BusObservation?> = Mutex(nil)

    init(notices: NoticeCenter, bus: NotificationBus) {
        self.notices = notices
        let token = bus.addObserver(forName: NoticeCenter.delivered) { [weak self] _ in self?.invalidate() }
        observation.withLock { $0 = token }
    }

    /// The count, from memory when nothing changed since it was last read.
    var value: Int {
        let (cached, generation) = state.withLock { ($0.count, $0.generation) }
        if let cached { return cached }
        let fresh = (try? notices.unreadCount()) ?? 0
        state.withLock { state in
            // A change that arrived while reading makes this count stale: keep it unset so the next page reads again.
            if state.generation == generation { state.count = fresh }
        }
        return fresh
    }

    /// Forgets the count, so the next page reads it again.
    func invalidate() {
        state.withLock { state in
            state.count = nil
            state.generation += 1
        }
    }
}
