import Accounts
import Foundation
import Kernel

/// The signed-in account of a session token, for the pages (the cookie's token) and the JSON API (the
/// `X-Account-Session` header's): looked up once and kept until accounts change or sessions end (``AccountsFeature``'s
/// caches), so a signed-in request reads no database.
struct AccountSessions: Sendable {
    let store: AccountStore
    let kept: CachedValues<String, AccountSession?>

    /// The account signed in with `token`, or nil when there is none, or it ended or expired.
    func account(_ token: String?) async throws -> Account? {
        guard let token, !token.isEmpty else { return nil }
        guard let session = try await kept.value(for: token, load: { try await store.session(token) }), session.expiresAt > Date()
        else { return nil }
        return session.account
    }
}
