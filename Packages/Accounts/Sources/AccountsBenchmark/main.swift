// Sign-in costs what bcrypt costs, by design: how many logins a second one host checks, and how long the right
// password of one person waits while another address sends a burst of wrong ones. Prints `bench accounts-…` lines.
//
// Run by Scripts/bench-accounts (release).
import Accounts
import Foundation
import GRDB
import Kernel
import KernelStorage

let database = try DatabaseQueue()
try FeatureDescriptor.accounts.migrations.apply(to: database)
let store = AccountStore(writer: database)
for name in ["ana", "ben"] {
    _ = try await store.signUp(
        SignupForm(
            email: "\(name)@example.com",
            password: "secret!word",
            firstName: name,
            lastName: "Lim",
            mobile: "012 345 6789",
            gender: "female"
        )
    )
}

func milliseconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

// Logins one after another, and eight at once: bcrypt runs one at a time, so both are the same rate.
let rounds = 40
var start = ContinuousClock.now
for _ in 0..<rounds {
    let account = try await store.authenticate(email: "ana@example.com", password: "secret!word", from: "10.0.0.1")
    precondition(account != nil)
}
let sequential = Double(rounds) / (milliseconds(since: start) / 1000)
start = ContinuousClock.now
try await withThrowingTaskGroup(of: Void.self) { group in
    for index in 0..<rounds {
        group.addTask {
            _ = try await store.authenticate(email: "ana@example.com", password: "secret!word", from: "10.0.0.\(index % 8)")
        }
    }
    try await group.waitForAll()
}
let concurrent = Double(rounds) / (milliseconds(since: start) / 1000)
print(String(format: "bench accounts-login per_s=%.1f concurrent_per_s=%.1f cost=10", sequential, concurrent))

// Twenty wrong passwords from one address (as many as the throttle lets one address try), and while they wait, the
// right password of another account from another address: how long it takes, beside one login alone.
func burst(rightFrom address: String) async throws -> Double {
    try await withThrowingTaskGroup(of: Double?.self) { group in
        for _ in 0..<20 {
            group.addTask {
                _ = try await store.authenticate(email: "ana@example.com", password: "wrong!word", from: "192.0.2.1")
                return nil
            }
        }
        // Enqueued after the burst.
        try await Task.sleep(for: .milliseconds(20))
        group.addTask {
            let start = ContinuousClock.now
            let account = try await store.authenticate(email: "ben@example.com", password: "secret!word", from: address)
            precondition(account != nil)
            return milliseconds(since: start)
        }
        var waited = 0.0
        for try await time in group { if let time { waited = time } }
        return waited
    }
}
start = ContinuousClock.now
_ = try await store.authenticate(email: "ben@example.com", password: "secret!word", from: "198.51.100.7")
let alone = milliseconds(since: start)
let fair = try await burst(rightFrom: "198.51.100.7")
// The same burst with every password in one line (as if all came from one address): what waiting in turns saves.
let oneLine = try await burst(rightFrom: "192.0.2.1")
print(
    String(
        format: "bench accounts-login-during-burst burst=20 alone_ms=%.0f in_turns_ms=%.0f one_line_ms=%.0f",
        alone,
        fair,
        oneLine
    )
)
