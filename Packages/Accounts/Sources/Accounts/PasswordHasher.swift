import Dispatch
import HummingbirdBcrypt

/// Hashes and checks passwords with bcrypt, one at a time on a queue of its own: a hash takes tens of milliseconds by
/// design, so it never holds a thread of the cooperative pool (or an event loop), and a burst of logins queues here
/// instead of taking every core from the pages.
public struct PasswordHasher: Sendable {
    /// The bcrypt cost: 2^cost rounds.
    public let cost: UInt8
    private static let queue = DispatchQueue(label: "accounts.bcrypt", qos: .utility)

    /// A hasher of `cost` (at least 10, the brief's floor).
    public init(cost: UInt8 = 10) {
        precondition(cost >= 10, "bcrypt cost below 10 is refused")
        self.cost = cost
    }

    /// The bcrypt hash of `password`.
    public func hash(_ password: String) async -> String {
        let cost = self.cost
        return await Self.run { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` matches `hash`.
    public func verify(_ password: String, hash: String) async -> Bool {
        await Self.run { Bcrypt.verify(password, hash: hash) }
    }

    private static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}
