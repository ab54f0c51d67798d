import Foundation
import GRDB
import KernelStorage
import Logging

extension NoticeCenter {
    /// Carries the entries of a feature database's `NoticeOutbox` into the inbox, in order, then removes them from
    /// the outbox. Returns how many entries were carried. What falls due is delivered by a host's delivery loop
    /// (``deliverDue(now:announcing:onTime:)``), at its time, with its toast and desktop notification.
    ///
    /// Publishers take turns: the whole carry runs under the feature database's write lock (one process at a time,
    /// whichever), and the entries go into the inbox in one transaction, so two publishers never apply the same
    /// entries out of order. Safe again after a crash halfway: scheduling a key already stored (waiting or
    /// delivered) changes nothing, and withdrawing one that is gone does nothing, so an entry carried twice has its
    /// effect once. Looks first with a read, which takes no lock, so an empty outbox costs no write.
    @discardableResult
    public func publish(from featureDatabase: any DatabaseWriter) async throws -> Int {
        let waiting = try await featureDatabase.read { db in try !NoticeOutbox.pending(db).isEmpty }
        guard waiting else { return 0 }
        let kernel = database
        return try await featureDatabase.write { db -> Int in
            let entries = try NoticeOutbox.pending(db)
            guard let last = entries.last else { return 0 }
            try kernel.write { inbox in
                for entry in entries {
                    if entry.isWithdrawal {
                        try Self.withdraw(key: entry.key, inbox)
                    } else {
                        let notice = Notice(
                            featureID: entry.featureID,
                            title: entry.title ?? "",
                            body: entry.body ?? "",
                            link: entry.link,
                            deliverAt: entry.deliverAt ?? Date(),
                            key: entry.key,
                            owner: entry.owner ?? .local
                        )
                        _ = try Self.store(notice, inbox)
                    }
                }
            }
            CrashPoint.reached("notices.carried")
            try NoticeOutbox.remove(through: last.seq, db)
            return entries.count
        }
    }

    /// The same, for a host: a failure is logged, and the entries wait for the next try.
    public func publish(from featureDatabase: any DatabaseWriter, logger: Logger) async {
        do {
            try await publish(from: featureDatabase)
        } catch {
            logger.warning("Could not carry notices into the inbox: \(error)")
        }
    }

    /// Carries the outbox of the feature database at `path` into the inbox, if the file exists and has an outbox:
    /// what an operating-system job does before it delivers a notice, so a withdrawal left there by a process that
    /// died (a cancelled countdown) is seen first.
    public func publish(fromDatabaseAt path: String) async throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        let queue = try DatabaseQueue(path: path, configuration: FeatureDatabase.configuration())
        guard try await queue.read({ db in try db.tableExists(NoticeOutbox.tableName) }) else { return }
        try await publish(from: queue)
    }
}
