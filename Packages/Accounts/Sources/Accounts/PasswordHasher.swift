import Dispatch
import HummingbirdBcrypt
import Synchronization

/// Hashes and checks passwords with bcrypt, one at a time on a thread of its own: a hash takes tens of milliseconds by
/// design, so it never holds a thread of the cooperative pool (or an event loop), and a burst of logins waits here
/// instead of taking every core from the pages.
///
/// The work waits in turns by who asked (a client's address): each asker in turn has one password checked, so a burst
/// of wrong passwords from one address waits behind itself, and another person's right password is next after at most
/// one of them.
public struct PasswordHasher: Sendable {
    /// The bcrypt cost: 2^cost rounds.
    public let cost: UInt8
    private static let turns = Turns()

    /// A hasher of `cost` (at least 10, the brief's floor).
    public init(cost: UInt8 = 10) {
        precondition(cost >= 10, "bcrypt cost below 10 is refused")
        self.cost = cost
    }

    /// The bcrypt hash of `password`, made in the turn of `asker`.
    public func hash(_ password: String, for asker: String = "") async -> String {
        let cost = self.cost
        return await Self.turns.run(for: asker) { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` matches `hash`, checked in the turn of `asker`.
    public func verify(_ password: String, hash: String, for asker: String = "") async -> Bool {
        await Self.turns.run(for: asker) { Bcrypt.verify(password, hash: hash) }
    }
}

/// Work done one job at a time, taking each asker's oldest job in turn (round robin), on a queue of its own.
final class Turns: Sendable {
    private struct State {
        /// Each asker's waiting jobs, oldest first.
        var waiting: [String: [@Sendable () -> Void]] = [:]
        /// The askers with jobs waiting, in the order of their turns (not the one whose job is being done).
        var order: [String] = []
        /// The asker whose job is being done: it goes to the back once its job is done, behind whoever came meanwhile.
        var current: String?
        /// Whether the queue is working through the jobs: a job is being done, or one waits for its turn.
        var draining: Bool { current != nil || !order.isEmpty }
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "accounts.bcrypt", qos: .utility)

    /// Runs `work` in `asker`'s turn and gives its result.
    func run<T: Sendable>(for asker: String, _ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let start = state.withLock { state -> Bool in
                let idle = !state.draining
                if state.waiting[asker, default: []].isEmpty && state.current != asker { state.order.append(asker) }
                state.waiting[asker, default: []].append { continuation.resume(returning: work()) }
                return idle
            }
            if start { queue.async { self.drain() } }
        }
    }

    /// Does the jobs, the next asker's oldest each time, until none is waiting.
    private func drain() {
        while let job = next() { job() }
    }

    private func next() -> (@Sendable () -> Void)? {
        state.withLock { state in
            if let done = state.current, state.waiting[done] != nil { state.order.append(done) }
            state.current = nil
            guard !state.order.isEmpty else { return nil }
            let asker = state.order.removeFirst()
            let job = state.waiting[asker]!.removeFirst()
            if state.waiting[asker]!.isEmpty { state.waiting[asker] = nil }
            state.current = asker
            return job
        }
    }
}
