import Accounts
import Foundation
import Kernel
import Synchronization

/// The signed-in account of a session token, for the pages (the cookie's token) and the JSON API (the
/// `X-Account-Session` header's): looked up once and kept until accounts change or sessions end (``AccountsFeature``'s
/// caches), so a signed-in request reads no database. A session in use has its last use written at most once every
/// ``AccountStore/lastSeenPrecision``, so one left unused for ``AccountStore/idleLifetime`` ends.
final class AccountSessions: Sendable {
    let store: AccountStore
    let kept: CachedValues<String, AccountSession?>
    /// When this host last wrote each session's use, beside what the kept session says.
    private let used = Mutex<[String: Date]>([:])

    init(store: AccountStore, kept: CachedValues<String, AccountSession?>) {
        self.store = store
        self.kept = kept
    }

    /// The account signed in with `token`, or nil when there is none, or it ended, expired or was left unused.
    func account(_ token: String?, now: Date = Date()) async throws -> Account? {
        guard let token, !token.isEmpty else { return nil }
        guard let session = try await kept.value(for: token, load: { try await store.session(token) }), session.expiresAt > now
        else { return nil }
        let lastSeen = max(session.lastSeenAt, used.withLock { $0[token] } ?? .distantPast)
        guard now.timeIntervalSince(lastSeen) < AccountStore.idleLifetime else { return nil }
        if now.timeIntervalSince(lastSeen) >= AccountStore.lastSeenPrecision {
            // Noting the use is worth a write, not a failed page: a write that fails (a full disk) is tried next time.
            guard (try? await store.sessionUsed(token)) != nil else { return session.account }
            used.withLock { used in
                // Bounded like the kept sessions: forgetting only costs one more write.
                if used.count >= 10_000 { used.removeAll(keepingCapacity: true) }
                used[token] = now
            }
        }
        return session.account
    }
}
