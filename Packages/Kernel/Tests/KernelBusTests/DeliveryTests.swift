import KernelBus
import Synchronization
import Testing

@Suite("Synchronous delivery")
struct DeliveryTests {
    @Test func observersAreCalledInRegistrationOrderWildcardAndSpecificAlike() {
        let bus = NotificationBus()
        let calls = Recorder<String>()
        let observations = [
            bus.addObserver(forName: .ping) { _ in calls.record("specific 1") },
            bus.addObserver(forName: nil) { _ in calls.record("wildcard 2") },
            bus.addObserver(forName: .ping, object: nil) { _ in calls.record("specific 3") },
            bus.addObserver(forName: nil) { _ in calls.record("wildcard 4") },
            bus.addObserver(forName: .ping) { _ in calls.record("specific 5") },
        ]
        bus.post(name: .ping)
        #expect(calls.values == ["specific 1", "wildcard 2", "specific 3", "wildcard 4", "specific 5"])
        withExtendedLifetime(observations) {}
    }

    @Test func orderSurvivesRemovalsAndCompaction() {
        let bus = NotificationBus()
        let calls = Recorder<Int>()
        var observations = (0..<100).map { index in bus.addObserver(forName: .ping) { _ in calls.record(index) } }
        for index in stride(from: 0, to: 100, by: 2) {
            bus.removeObserver(observations[index])
        }
        observations.append(bus.addObserver(forName: .ping) { _ in calls.record(100) })
        bus.post(name: .ping)
        #expect(calls.values == Array(stride(from: 1, to: 100, by: 2)) + [100])
    }

    @Test func deliveryIsSynchronousOnThePostingThread() async {
        let bus = NotificationBus()
        let delivered = Flag()
        let observation = bus.addObserver(forName: .ping) { _ in delivered.set() }
        bus.post(name: .ping)
        #expect(delivered.isSet)
        withExtendedLifetime(observation) {}
    }

    @Test func theObserverReceivesTheNotificationAsPosted() {
        let bus = NotificationBus()
        let sender = Sender()
        let received = Recorder<BusNotification>()
        let observation = bus.addObserver(forName: .ping) { received.record($0) }
        bus.post(BusNotification(name: .ping, object: sender, userInfo: ["k": "v"]))
        #expect(received.values.first?.object === sender)
        #expect(received.values.first?.userInfo?["k"] as? String == "v")
        withExtendedLifetime(observation) {}
    }

    @Test func observersMayPostReentrantlyAndPostsNest() {
        let bus = NotificationBus()
        let calls = Recorder<String>()
        let observations = [
            bus.addObserver(forName: .ping) { _ in
                calls.record("ping start")
                bus.post(name: .pong)
                calls.record("ping end")
            },
            bus.addObserver(forName: .pong) { _ in calls.record("pong") },
        ]
        bus.post(name: .ping)
        #expect(calls.values == ["ping start", "pong", "ping end"])
        withExtendedLifetime(observations) {}
    }

    @Test func deeplyNestedPostsOfTheSameName() {
        let bus = NotificationBus()
        let depth = Recorder<Int>()
        let observation = bus.addObserver(forName: .ping) { note in
            let level = note.userInfo?["level"] as? Int ?? 0
            depth.record(level)
            if level < 50 {
                bus.post(name: .ping, userInfo: ["level": level + 1])
            }
        }
        bus.post(name: .ping, userInfo: ["level": 0])
        #expect(depth.values == Array(0...50))
        withExtendedLifetime(observation) {}
    }

    @Test func observersMayAddObserversDuringADeliveryWhichSeeLaterPostsOnly() {
        let bus = NotificationBus()
        let calls = Recorder<String>()
        let added = Locked<[BusObservation]>([])
        let observation = bus.addObserver(forName: .ping) { _ in
            calls.record("first")
            let new = bus.addObserver(forName: .ping) { _ in calls.record("added") }
            added.withLock { $0.append(new) }
        }
        bus.post(name: .ping)
        #expect(calls.values == ["first"])
        bus.post(name: .ping)
        #expect(calls.values == ["first", "first", "added"])
        withExtendedLifetime(observation) {}
    }

    @Test func removalDuringAPostTakesEffectForTheRestOfThatPost() {
        let bus = NotificationBus()
        let calls = Recorder<String>()
        let later = Locked<BusObservation?>(nil)
        let first = bus.addObserver(forName: .ping) { _ in
            calls.record("first")
            if let observation = later.withLock({ $0 }) {
                bus.removeObserver(observation)
            }
        }
        later.withLock { $0 = bus.addObserver(forName: .ping) { _ in calls.record("second") } }
        bus.post(name: .ping)
        #expect(calls.values == ["first"])
        withExtendedLifetime(first) {}
    }

    @Test func anObserverMayRemoveItselfDuringDelivery() {
        let bus = NotificationBus()
        let calls = Recorder<Int>()
        let own = Locked<BusObservation?>(nil)
        own.withLock { slot in
            slot = bus.addObserver(forName: .ping) { _ in
                calls.record(1)
                own.withLock { $0?.cancel() }
            }
        }
        bus.post(name: .ping)
        bus.post(name: .ping)
        #expect(calls.count == 1)
    }

    @Test func postingANotificationNobodyObservesIsHarmless() {
        let bus = NotificationBus()
        bus.post(name: .ping)
        bus.post(BusNotification(name: .pong, object: Sender()))
        #expect(bus.observerCount == 0)
    }
}
