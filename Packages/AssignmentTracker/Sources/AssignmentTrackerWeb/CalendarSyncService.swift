import AssignmentTracker
import Foundation
import Kernel
import KernelEvents
import Logging
import ServiceLifecycle

/// Sends the calendar server what it has to learn, in the background, for the life of the host: at start (anything
/// queued while the host was down, and assignments made before a server was configured), after every change, and at
/// each retry's time — asleep in between.
struct CalendarSyncService: Service {
    let sync: CalendarSync
    let bus: EventBus
    let logger: Logger

    func run() async throws {
        let wakeup = Wakeup()
        // Every change (this host's, or the CLI's seen through the change log) may have queued something; a push's own
        // outcome (`synced`) queues nothing.
        let observation = bus.addObserver(for: AssignmentChanged.self) { change in
            if change.change != .synced { wakeup.wake() }
        }
        await cancelWhenGracefulShutdown {
            do {
                try await sync.enqueueUnknown()
            } catch {
                logger.warning("Could not queue assignments for the calendar server: \(error)")
            }
            await wakeup.loop {
                do {
                    try await sync.pushDue()
                } catch {
                    logger.warning("Could not push assignments to the calendar server: \(error)")
                }
                return (try? await sync.nextDue()) ?? nil
            }
        }
        withExtendedLifetime(observation) {}
    }
}
