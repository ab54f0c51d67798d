import Foundation
import Synchronization

/// The sessions this process has seen, kept in memory so a signed-in page costs no database read: filled at login
/// and on a first lookup, emptied for an account changed or deleted here and entirely
/// when another process (the CLI) changed the accounts. At most ``capacity`` sessions; past that it starts over.
final class SessionCache: Sendable {
    static let capacity = 10_000
    private let entries = Mutex<[String: (account: Account, expiresAt: Date)]>([:])
    /// Bumped by every removal, so a lookup that read the database before a logout does not put the ended session
    /// back (see ``put(_:_:expiresAt:readAt:)``).
    private let removals = Atomic<UInt64>(0)

    /// The removal count now: pass it to ``put(_:_:expiresAt:readAt:)`` for what is read from the database after.
    var generation: UInt64 { removals.load(ordering: .acquiring) }

    func account(for token: String, now: Date) -> Account? {
        entries.withLock { entries in
            guard let entry = entries[token] else { return nil }
            guard entry.expiresAt > now else {
                entries[token] = nil
                return nil
            }
            return entry.account
        }
    }

    /// Keeps `token`'s account, unless something was removed since `generation` was read (`readAt`).
    func put(_ token: String, _ account: Account, expiresAt: Date, readAt generation: UInt64? = nil) {
        entries.withLock { entries in
            if let generation, generation != removals.load(ordering: .acquiring) { return }
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[token] = (account, expiresAt)
        }
    }

    func remove(_ token: String) {
        entries.withLock { entries in
            removals.add(1, ordering: .releasing)
            entries[token] = nil
        }
    }

    func removeAll(userID: Int64) {
        entries.withLock { entries in
            removals.add(1, ordering: .releasing)
            entries = entries.filter { $0.value.account.id != userID }
        }
    }

    func removeAll() {
        entries.withLock { entries in
            removals.add(1, ordering: .releasing)
            entries.removeAll()
        }
    }
}
