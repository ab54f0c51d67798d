import Kernel
import KernelBus
import Synchronization

/// The number of unread notices shown in every page's header, kept in memory.
///
/// Reading it from the database on every request cost about a quarter of a millisecond; it changes only when a
/// notice is delivered (the bus says so; each delivery counts one at once) or the inbox is marked read, so it is read
/// again (awaited, off the page's path) only after one of those, and once when the host starts.
final class UnreadNoticeCount: Sendable {
    private struct State {
        var count = 0
        var generation = 0
    }

    private let state = Mutex(State())
    private let notices: NoticeCenter
    private let observation: Mutex<BusObservation?> = Mutex(nil)

    init(notices: NoticeCenter, bus: NotificationBus) {
        self.notices = notices
        let token = bus.addObserver(forName: NoticeCenter.delivered) { [weak self] _ in
            // A delivered notice is unread: count it at once (the next page shows it), drop any reading that started
            // before it, then read again to be exact.
            self?.state.withLock { state in
                state.count += 1
                state.generation += 1
            }
            Task { await self?.refresh() }
        }
        observation.withLock { $0 = token }
    }

    /// The count as last read.
    var value: Int { state.withLock { $0.count } }

    /// Reads the count again. When readings overlap, the one started last wins, whichever ends last.
    func refresh() async {
        let generation = state.withLock { state in
            state.generation += 1
            return state.generation
        }
        // Read in a task of its own, so a cancelled request cannot stop it; a failed read is tried again shortly
        // (the reading it replaced was dropped).
        guard let fresh = try? await Task(operation: { try await notices.unreadCount() }).value else {
            Task { [weak self] in
                try? await Task.sleep(for: .seconds(1))
                await self?.refresh()
            }
            return
        }
        state.withLock { state in
            if state.generation == generation { state.count = fresh }
        }
    }
}
