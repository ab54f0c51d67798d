import Foundation
import Logging
import ServiceLifecycle

/// Delivers scheduled notices when their time comes, for as long as the host runs.
public struct NoticeDeliveryService: Service {
    private let notices: NoticeCenter
    private let logger: Logger
    private let longestSleep: Duration

    /// A service delivering from `notices`, checking at least every `longestSleep`.
    public init(notices: NoticeCenter, logger: Logger, longestSleep: Duration = .seconds(1)) {
        self.notices = notices
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
