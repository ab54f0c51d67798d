import KernelBus
import Synchronization
import Testing

@Suite("Removal and tokens")
struct RemovalTests {
    @Test func removeObserverStopsDelivery() {
        let bus = NotificationBus()
        let count = Recorder<Int>()
        let observation = bus.addObserver(forName: .ping) { _ in count.record(1) }
        bus.post(name: .ping)
        bus.removeObserver(observation)
        bus.post(name: .ping)
        #expect(count.count == 1)
        #expect(!observation.isActive)
    }

    @Test func droppingTheTokenRemovesTheObserver() {
        let bus = NotificationBus()
        let count = Recorder<Int>()
        var observation: BusObservation? = bus.addObserver(forName: .ping) { _ in count.record(1) }
        bus.post(name: .ping)
        #expect(observation != nil)
        observation = nil
        bus.post(name: .ping)
        #expect(count.count == 1)
        #expect(bus.observerCount(forName: .ping) == 0)
    }

    @Test func cancelRemovesTheObserver() {
        let bus = NotificationBus()
        let count = Recorder<Int>()
        let observation = bus.addObserver(forName: .ping) { _ in count.record(1) }
        observation.cancel()
        bus.post(name: .ping)
        #expect(count.count == 0)
    }

    @Test func removingTwiceIsAHarmlessNoOp() {
        let bus = NotificationBus()
        let observation = bus.addObserver(forName: .ping) { _ in }
        let other = bus.addObserver(forName: .ping) { _ in }
        bus.removeObserver(observation)
        bus.removeObserver(observation)
        observation.cancel()
        #expect(bus.observerCount(forName: .ping) == 1)
        withExtendedLifetime(other) {}
    }

    @Test func removingOnAnotherBusIsAHarmlessNoOp() {
        let bus = NotificationBus()
        let other = NotificationBus()
        let count = Recorder<Int>()
        let observation = bus.addObserver(forName: .ping) { _ in count.record(1) }
        other.removeObserver(observation)
        other.removeObserver(observation, name: nil, object: nil)
        bus.post(name: .ping)
        #expect(count.count == 1)
    }

    @Test func removeWithNameAndObjectRemovesOnlyAMatchingRegistration() {
        let bus = NotificationBus()
        let sender = Sender()
        let observation = bus.addObserver(forName: .ping, object: sender) { _ in }
        bus.removeObserver(observation, name: .pong, object: nil)
        #expect(observation.isActive)
        bus.removeObserver(observation, name: nil, object: Sender())
        #expect(observation.isActive)
        bus.removeObserver(observation, name: .ping, object: sender)
        #expect(!observation.isActive)
    }

    @Test func removeWithNilNameAndObjectRemovesAnyRegistration() {
        let bus = NotificationBus()
        let observation = bus.addObserver(forName: .ping, object: Sender()) { _ in }
        bus.removeObserver(observation, name: nil, object: nil)
        #expect(!observation.isActive)
    }

    @Test func removalWhileAnotherThreadPostsStopsDeliveryAtOnce() async {
        let bus = NotificationBus()
        let calls = Counter()
        let observation = bus.addObserver(forName: .ping) { _ in calls.increment() }
        let stop = Flag()
        let poster = Task.detached {
            while !stop.isSet { bus.post(name: .ping) }
        }
        while calls.value < 1_000 { await Task.yield() }
        bus.removeObserver(observation)
        let atRemoval = calls.value
        try? await Task.sleep(for: .milliseconds(20))
        stop.set()
        await poster.value
        // At most the one call the poster had already begun may complete after removal.
        #expect(calls.value - atRemoval <= 1)
    }

    @Test func tokensAreHashableByIdentity() {
        let bus = NotificationBus()
        let first = bus.addObserver(forName: .ping) { _ in }
        let second = bus.addObserver(forName: .ping) { _ in }
        #expect(first == first)
        #expect(first != second)
        #expect(Set([first, second, first]).count == 2)
        #expect(first.name == .ping)
    }

    @Test func tokensMayOutliveTheirBus() {
        var bus: NotificationBus? = NotificationBus()
        let observation = bus!.addObserver(forName: .ping) { _ in }
        weak let weakBus = bus
        bus = nil
        #expect(weakBus == nil)
        #expect(!observation.isActive)
        observation.cancel()
    }

    @Test func theBlockIsReleasedOnceRemovedAndTheTokenIsGone() async {
        let bus = NotificationBus()
        weak var weakCapture: Sender?
        do {
            let capture = Sender()
            weakCapture = capture
            let observation = bus.addObserver(forName: .ping) { _ in _ = capture }
            bus.removeObserver(observation)
        }
        // Removed entries are reclaimed lazily, by later writes on the bus, once no post that might still
        // see them is running on any thread (other tests post concurrently).
        for _ in 0..<2_000 where weakCapture != nil {
            bus.addObserver(forName: .ping) { _ in }.cancel()
            await Task.yield()
        }
        #expect(weakCapture == nil)
    }
}
