import Foundation
import GRDB
import Logging
import ServiceLifecycle

/// Delivers scheduled notices when their time comes, for as long as the host runs, and carries the features'
/// outboxes into the inbox on every round, so an entry a failed carry left behind waits a second at most.
public struct NoticeDeliveryService: Service {
    private let notices: NoticeCenter
    private let outboxes: [any DatabaseWriter]
    private let logger: Logger
    private let longestSleep: Duration

    /// A service delivering from `notices` and carrying the outboxes of `outboxes` (the features' databases),
    /// checking at least every `longestSleep`.
    public init(
        notices: NoticeCenter,
        outboxes: [any DatabaseWriter] = [],
        logger: Logger,
        longestSleep: Duration = .seconds(1)
    ) {
        self.notices = notices
        self.outboxes = outboxes
        self.logger = logger
        self.longestSleep = longestSleep
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await deliverUntilCancelled()
        }
    }

    private func deliverUntilCancelled() async {
        while !Task.isCancelled {
            for outbox in outboxes {
                await notices.publish(from: outbox, logger: logger)
            }
            do {
                try await notices.deliverDue()
            } catch {
                logger.error("Could not deliver notices: \(error)")
            }
            var pause = longestSleep
            if let next = try? await notices.nextDueDate() {
                let seconds = max(0.01, next.timeIntervalSinceNow)
                pause = min(pause, .milliseconds(Int(seconds * 1000)))
            }
            try? await Task.sleep(for: pause)
        }
    }
}
