import Foundation
import Logging
import ServiceLifecycle

/// Sends queued pushes for as long as the host runs, looking every `interval` (a delivery queues them; a retry waits
/// its turn).
public struct PushDeliveryService: Service {
    private let sender: PushSender
    private let interval: Duration

    /// A service sending through `sender`.
    public init(sender: PushSender, interval: Duration = .milliseconds(500)) {
        self.sender = sender
        self.interval = interval
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await sender.sendDue()
                } catch {
                    sender.logger.error("Could not send pushes: \(error)")
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}
