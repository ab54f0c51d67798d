import Synchronization

/// How many queued downloads wait for a place that a slow download could give up: set by each scheduling pass, taken
/// one at a time by running transfers found slow.
final class WaitingDownloads: Sendable {
    private let count = Mutex(0)

    /// Records that `waiting` downloads wait, as a scheduling pass found.
    func set(_ waiting: Int) {
        count.withLock { $0 = waiting }
    }

    /// Takes one waiting download's claim: true when one was waiting (the caller then gives its place up).
    func take() -> Bool {
        count.withLock { waiting in
            guard waiting > 0 else { return false }
            waiting -= 1
            return true
        }
    }
}
