import Foundation
import GRDB
import KernelStorage
import Logging

extension NoticeCenter {
    /// Carries the entries of a feature database's ``NoticeOutbox`` into the inbox, oldest first, then removes them
    /// from the outbox; delivers what is due at once. Returns how many entries were carried.
    ///
    /// Safe to run from any process at any time, and again after a crash halfway: scheduling a key that is already
    /// stored (waiting or delivered) changes nothing, and withdrawing one that is gone does nothing, so an entry
    /// carried twice has its effect once.
    @discardableResult
    public func publish(from featureDatabase: any DatabaseWriter) async throws -> Int {
        let entries = try await featureDatabase.read { db in try NoticeOutbox.pending(db) }
        guard let last = entries.last else { return 0 }
        var due = false
        for entry in entries {
            if entry.isWithdrawal {
                try await cancel(key: entry.key)
            } else {
                let deliverAt = entry.deliverAt ?? Date()
                try await schedule(
                    featureID: entry.featureID,
                    title: entry.title ?? "",
                    body: entry.body ?? "",
                    link: entry.link,
                    at: deliverAt,
                    key: entry.key
                )
                due = due || deliverAt <= Date()
            }
        }
        CrashPoint.reached("notices.carried")
        try await featureDatabase.write { db in try NoticeOutbox.remove(through: last.seq, db) }
        if due { try await deliverDue() }
        return entries.count
    }

    /// The same, for a host: a failure is logged, and the entries wait for the next try.
    public func publish(from featureDatabase: any DatabaseWriter, logger: Logger) async {
        do {
            try await publish(from: featureDatabase)
        } catch {
            logger.warning("Could not carry notices into the inbox: \(error)")
        }
    }
}
