import Foundation
import Testing

@testable import AssignmentTrackerWeb

@Suite("The calendar push's wake-up")
struct WakeupTests {
    @Test("a signal wakes the waiter at once; the timer it beat stays silent, so the next wait lasts its time")
    func signalThenWait() async throws {
        let wakeup = Wakeup()
        let start = ContinuousClock.now
        // The timer is two minutes and the bound one: a busy machine can hold the woken task back for seconds, yet
        // only a signal that did not wake the waiter makes it take the timer's full time.
        async let waited: Void = wakeup.wait(seconds: 120)
        try await Task.sleep(for: .milliseconds(50))
        wakeup.signal()
        await waited
        #expect(ContinuousClock.now - start < .seconds(60))
        // The first wait's timer was cancelled by the signal: it must not wake this one.
        let second = ContinuousClock.now
        await wakeup.wait(seconds: 0.5)
        #expect(ContinuousClock.now - second >= .milliseconds(450))
    }

    @Test("a signal while nobody waits is kept for the next wait")
    func signalKept() async {
        let wakeup = Wakeup()
        wakeup.signal()
        let start = ContinuousClock.now
        await wakeup.wait(seconds: 120)
        #expect(ContinuousClock.now - start < .seconds(60))
    }
}
