import Foundation
import GRDB
import Logging
import ServiceLifecycle
import Synchronization

/// Delivers notices when their time comes, for as long as the host runs, and carries the features' outboxes into
/// the inbox when they gain entries. It sleeps until there is something to do: a feature's commit (its change feed
/// calls ``carry(from:)``), another process's commit to the kernel's database (``wake()``), or the time the next
/// waiting notice falls due — nothing is read while nothing happens.
public final class NoticeDeliveryService: Service, Sendable {
    private let notices: NoticeCenter
    private let outboxes: [String: any DatabaseWriter]
    private let logger: Logger
    private let wakeup = Wakeup()
    private let pending = Mutex<Set<String>>([])

    /// A service delivering from `notices` and carrying the outboxes of `outboxes` (the features' databases, by id),
    /// each of which is carried once when the service starts (a process may have died before carrying them on).
    public init(notices: NoticeCenter, outboxes: [String: any DatabaseWriter] = [:], logger: Logger) {
        self.notices = notices
        self.outboxes = outboxes
        self.logger = logger
        pending.withLock { $0 = Set(outboxes.keys) }
    }

    /// The feature `featureID` committed a change (its outbox may hold notices): carry it on now.
    public func carry(from featureID: String) {
        pending.withLock { _ = $0.insert(featureID) }
        wakeup.wake()
    }

    /// Something changed in the kernel's database (another process delivered or scheduled a notice): look again.
    public func wake() {
        wakeup.wake()
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await self.wakeup.loop { await self.turn() }
        }
    }

    /// Carries what is pending, delivers what is due, and says when the next waiting notice falls due.
    private func turn() async -> Date? {
        let carry = pending.withLock { ids in
            defer { ids.removeAll() }
            return ids
        }
        for id in carry.sorted() {
            guard let outbox = outboxes[id] else { continue }
            await notices.publish(from: outbox, logger: logger)
        }
        do {
            try await notices.deliverDue()
        } catch {
            logger.error("Could not deliver notices: \(error)")
            return Date().addingTimeInterval(1)
        }
        return try? await notices.nextDueDate()
    }
}
