import Kernel
import KernelBus

/// Sessions ended because accounts were deleted (by another process, such as `atelier accounts delete`): an open Home
/// page checks its own session and goes to the login page when it has ended. It names no account, so no page learns
/// of anyone else's.
public struct AccountSessionsEnded: LiveEvent, Hashable {
    /// `accounts.sessions-ended`.
    public static let name: BusNotification.Name = "accounts.sessions-ended"

    /// The message.
    public init() {}
}
