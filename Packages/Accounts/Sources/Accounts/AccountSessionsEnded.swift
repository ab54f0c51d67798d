import Kernel
import KernelEvents

/// Sessions ended: a logout, a login that replaced a browser's session, or accounts deleted by another process (such
/// as `atelier accounts delete`). An open Home page checks its own session and goes to the login page when it has
/// ended; sessions kept in memory are forgotten. It names no account, so no page learns of anyone else's.
public struct AccountSessionsEnded: LiveEvent, Hashable {
    /// `accounts.sessions-ended`.
    public static let name: EventName = "accounts.sessions-ended"

    /// The message.
    public init() {}
}
