/// Counts the isolated deliveries of one ``NotificationBus/postAndWait(_:)`` and resumes the poster when
/// the last one has run.
final class DeliveryGroup: Sendable {
    private struct State {
        var pending = 1
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = BusLock(State())

    /// Counts one more delivery to wait for.
    func enter() {
        state.withLock { $0.pending += 1 }
    }

    /// Marks one delivery done.
    func leave() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.pending -= 1
            guard state.pending == 0 else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Drops the poster's own count and waits for the deliveries.
    func wait() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                state.pending -= 1
                if state.pending == 0 { return true }
                state.waiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }
}
