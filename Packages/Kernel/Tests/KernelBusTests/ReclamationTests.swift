import KernelBus
import Synchronization
import Testing

/// The removal paths of the observer lists: the newest entry taken back at once, tombstones kept alive while
/// a post may still see them, and entries reclaimed once nothing can.
@Suite("Removal paths and reclamation")
struct ReclamationTests {
    @Test func removingTheNewestObserverAndAddingAgainKeepsRegistrationOrder() {
        let bus = NotificationBus()
        let calls = Recorder<String>()
        var observations = [
            bus.addObserver(forName: .ping) { _ in calls.record("a") },
            bus.addObserver(forName: nil) { _ in calls.record("b") },
            bus.addObserver(forName: .ping) { _ in calls.record("c") },
        ]
        bus.removeObserver(observations.removeLast())
        observations.append(bus.addObserver(forName: .ping) { _ in calls.record("d") })
        bus.removeObserver(observations.remove(at: 1))
        observations.append(bus.addObserver(forName: nil) { _ in calls.record("e") })
        for _ in 0..<3 {
            bus.addObserver(forName: .ping) { _ in calls.record("never") }.cancel()
        }
        bus.post(name: .ping)
        #expect(calls.values == ["a", "d", "e"])
        #expect(bus.observerCount(forName: .ping) == 2)
        #expect(bus.observerCount(forName: nil) == 1)
        #expect(bus.registrations().map(\.order) == bus.registrations().map(\.order).sorted())
        withExtendedLifetime(observations) {}
    }

    @Test func manyObserversRemovedNewestFirstThenReadded() {
        let bus = NotificationBus()
        let calls = Recorder<Int>()
        var observations = (0..<50).map { index in bus.addObserver(forName: .ping) { _ in calls.record(index) } }
        while observations.count > 5 {
            bus.removeObserver(observations.removeLast())
        }
        observations += (50..<55).map { index in bus.addObserver(forName: .ping) { _ in calls.record(index) } }
        bus.post(name: .ping)
        #expect(calls.values == [0, 1, 2, 3, 4, 50, 51, 52, 53, 54])
        #expect(bus.observerCount(forName: .ping) == 10)
    }

    @Test func aTokenDroppedDuringAPostIsNotCalledAndTheObserverAddedThenWaitsForTheNextPost() {
        let bus = NotificationBus()
        let calls = Recorder<String>()
        let newest = Locked<BusObservation?>(nil)
        let added = Locked<[BusObservation]>([])
        let first = bus.addObserver(forName: .ping) { _ in
            calls.record("first")
            // The newest observer is dropped while this post is under way, and another one added.
            newest.withLock { $0 = nil }
            added.withLock { $0.append(bus.addObserver(forName: .ping) { _ in calls.record("added") }) }
        }
        newest.withLock { $0 = bus.addObserver(forName: .ping) { _ in calls.record("newest") } }
        bus.post(name: .ping)
        #expect(calls.values == ["first"])
        bus.post(name: .ping)
        #expect(calls.values == ["first", "first", "added"])
        #expect(bus.observerCount(forName: .ping) == 3)
        withExtendedLifetime(first) {}
    }

    @Test func blocksOfObserversRemovedWhilePostingAreReleasedLater() async {
        let bus = NotificationBus()
        weak var weakCapture: Sender?
        let dropped = Locked<BusObservation?>(nil)
        let first = bus.addObserver(forName: .ping) { _ in dropped.withLock { $0 = nil } }
        do {
            let capture = Sender()
            weakCapture = capture
            dropped.withLock { $0 = bus.addObserver(forName: .ping) { _ in _ = capture } }
        }
        // Dropped inside the post: the entry stays in the list as a tombstone the post may still see.
        bus.post(name: .ping)
        #expect(bus.observerCount(forName: .ping) == 1)
        for _ in 0..<2_000 where weakCapture != nil {
            bus.addObserver(forName: .ping) { _ in }.cancel()
            bus.addObserver(forName: .pong) { _ in }.cancel()
            await Task.yield()
        }
        #expect(weakCapture == nil)
        withExtendedLifetime(first) {}
    }

    @Test func weakTargetRegistrationsRemovedNewestFirstReleaseTheirAction() async {
        let bus = NotificationBus()
        let screen = Screen()
        weak var weakCapture: Sender?
        do {
            let capture = Sender()
            weakCapture = capture
            let observation = bus.addObserver(screen, forName: .ping) { screen, note in
                _ = capture
                screen.reload(note)
            }
            bus.post(name: .ping)
            bus.removeObserver(observation)
        }
        bus.post(name: .ping)
        #expect(screen.reloads.value == 1)
        #expect(bus.observerCount(forName: .ping) == 0)
        for _ in 0..<2_000 where weakCapture != nil {
            bus.addObserver(forName: .ping) { _ in }.cancel()
            await Task.yield()
        }
        #expect(weakCapture == nil)
    }

    @Test func threadsChurningTheNewestObserverWhileOthersPostLoseNothing() {
        let bus = NotificationBus()
        let received = Counter()
        let stable = bus.addObserver(forName: .ping) { _ in received.increment() }
        let posted = Counter()
        let churned = Counter()
        let deadline = monotonicNanoseconds() + 150_000_000
        onThreads(4) { thread in
            while monotonicNanoseconds() < deadline {
                if thread.isMultiple(of: 2) {
                    for _ in 0..<64 {
                        let token = bus.addObserver(forName: .ping) { _ in churned.increment() }
                        bus.removeObserver(token)
                    }
                } else {
                    bus.post(name: .ping)
                    posted.increment()
                }
            }
        }
        #expect(received.value == posted.value)
        #expect(bus.observerCount == 1)
        withExtendedLifetime(stable) {}
    }
}
