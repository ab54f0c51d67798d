import AssignmentTracker
import Foundation
import KernelBus
import Logging
import ServiceLifecycle
import Synchronization

/// Sends the calendar server what it has to learn, in the background, for the life of the host: at start (anything
/// queued while the host was down, and assignments made before a server was configured), after every change, and at
/// each retry's time.
struct CalendarSyncService: Service {
    let sync: CalendarSync
    let bus: NotificationBus
    let logger: Logger

    func run() async throws {
        let wakeup = Wakeup()
        // Every change (this host's, or the CLI's seen through the change log) may have queued something.
        let observation = bus.addObserver(for: AssignmentChanged.self) { _ in wakeup.signal() }
        await cancelWhenGracefulShutdown {
            do {
                try await sync.enqueueUnknown()
            } catch {
                logger.warning("Could not queue assignments for the calendar server: \(error)")
            }
            while !Task.isCancelled {
                do {
                    try await sync.pushDue()
                } catch {
                    logger.warning("Could not push assignments to the calendar server: \(error)")
                }
                let next = (try? await sync.nextDue()) ?? nil
                let wait = next.map { max(0.05, $0.timeIntervalSinceNow) } ?? 3_600
                await wakeup.wait(seconds: min(wait, 3_600))
            }
        }
        withExtendedLifetime(observation) {}
    }
}

/// One waiter woken by a signal or a timeout, whichever comes first; a signal while nobody waits is kept for the
/// next wait.
final class Wakeup: Sendable {
    private let state = Mutex<(pending: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    func wait(seconds: TimeInterval) async {
        // The timer signals only when its time is up: a timer cancelled because a signal came first stays silent
        // (a late signal from it would wake the next wait at once, and that wait's timer the one after, for ever).
        let timer = Task {
            do {
                try await Task.sleep(for: .milliseconds(Int64(seconds * 1_000)))
                self.signal()
            } catch {}
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    if state.pending {
                        state.pending = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            self.signal()
        }
        timer.cancel()
    }
}
