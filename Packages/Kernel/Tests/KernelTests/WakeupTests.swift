import Foundation
import Synchronization
import Testing

@testable import Kernel

@Suite("A service's wake-up")
struct WakeupTests {
    @Test("a wake runs a turn at once; a turn runs again at the time it asked for, not before; wakes meanwhile are one")
    func turns() async throws {
        let wakeup = Wakeup()
        let turns = Mutex<[ContinuousClock.Instant]>([])
        let asks = Mutex<Date?>(nil)
        let loop = Task {
            await wakeup.loop {
                turns.withLock { $0.append(.now) }
                return asks.withLock { $0 }
            }
        }
        // The first turn comes at once, and asks for nothing: the loop sleeps.
        try await eventually { turns.withLock { $0.count } == 1 }
        try await Task.sleep(for: .milliseconds(200))
        #expect(turns.withLock { $0.count } == 1, "a turn without a wake or a time")
        // Three wakes while asleep: a turn at once (two at most: one may land while the first runs), which asks for
        // another in 0.6 s.
        asks.withLock { $0 = Date().addingTimeInterval(0.6) }
        let woken = ContinuousClock.now
        for _ in 0..<3 { wakeup.wake() }
        try await eventually { turns.withLock { $0.count } >= 2 }
        #expect(turns.withLock { $0[1] } - woken < .seconds(5))
        #expect(turns.withLock { $0.count } <= 3)
        // The time it asked for comes: one more turn, on its own, not before.
        try await eventually { turns.withLock { $0.last! } - woken >= .milliseconds(550) }
        loop.cancel()
    }

    private func eventually(timeout: Duration = .seconds(10), _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("did not happen in time")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
