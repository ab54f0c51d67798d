import Foundation
import Kernel
import Logging
import ServiceLifecycle

/// Sends queued pushes for as long as the host runs. It sleeps until there is something to send: a delivery here
/// (``wake()``, on every ``NoticeDelivered``), another process's commit to the kernel's database (an operating-system
/// job delivered a notice with the host up), or the time a push that failed is due to be tried again.
public final class PushDeliveryService: Service, Sendable {
    private let sender: PushSender
    private let wakeup = Wakeup()

    /// A service sending through `sender`.
    public init(sender: PushSender) {
        self.sender = sender
    }

    /// Pushes may be waiting: send them now.
    public func wake() {
        wakeup.wake()
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await self.wakeup.loop { await self.turn() }
        }
    }

    /// Sends what is due and says when the next waiting push is.
    private func turn() async -> Date? {
        do {
            try await sender.sendDue()
            return try await sender.queue.nextDueDate()
        } catch {
            sender.logger.error("Could not send pushes: \(error)")
            return Date().addingTimeInterval(5)
        }
    }
}
