import Dispatch
import Synchronization
import Testing

@testable import Accounts

@Suite("Passwords checked in turns")
struct PasswordTurnsTests {
    @Test("a burst from one asker waits behind itself: another asker's job is next after the one being done")
    func turns() async throws {
        let turns = Turns()
        let done = Done()
        let held = DispatchSemaphore(value: 0)
        var jobs: [Task<Void, Never>] = []
        func enqueue(_ asker: String, _ name: String, hold: Bool = false) async throws {
            jobs.append(
                Task {
                    await turns.run(for: asker) {
                        if hold { held.wait() }
                        done.names.withLock { $0.append(name) }
                    }
                }
            )
            // Queued before the next one.
            try await Task.sleep(for: .milliseconds(20))
        }
        try await enqueue("burst", "burst 1", hold: true)
        for index in 2...4 { try await enqueue("burst", "burst \(index)") }
        try await enqueue("other", "other 1")
        try await enqueue("third", "third 1")
        held.signal()
        for job in jobs { await job.value }
        #expect(done.names.withLock { $0 } == ["burst 1", "other 1", "third 1", "burst 2", "burst 3", "burst 4"])
    }
}

/// The jobs done, in order.
private final class Done: Sendable {
    let names = Mutex<[String]>([])
}
