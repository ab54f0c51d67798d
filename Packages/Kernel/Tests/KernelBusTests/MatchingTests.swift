import KernelBus
import Testing

@Suite("Matching, as in Foundation")
struct MatchingTests {
    @Test func nilNameObservesEveryName() {
        let bus = NotificationBus()
        let names = Recorder<BusNotification.Name>()
        let observation = bus.addObserver(forName: nil) { names.record($0.name) }
        bus.post(name: .ping)
        bus.post(name: .pong)
        #expect(names.values == [.ping, .pong])
        withExtendedLifetime(observation) {}
    }

    @Test func specificNameObservesOnlyThatName() {
        let bus = NotificationBus()
        let names = Recorder<BusNotification.Name>()
        let observation = bus.addObserver(forName: .ping) { names.record($0.name) }
        bus.post(name: .pong)
        bus.post(name: .ping)
        #expect(names.values == [.ping])
        withExtendedLifetime(observation) {}
    }

    @Test func nilObjectObservesEverySenderAndNone() {
        let bus = NotificationBus()
        let count = Recorder<Int>()
        let observation = bus.addObserver(forName: .ping, object: nil) { _ in count.record(1) }
        bus.post(name: .ping)
        bus.post(name: .ping, object: Sender())
        #expect(count.count == 2)
        withExtendedLifetime(observation) {}
    }

    @Test func specificObjectIgnoresPostsWithNoObjectOrAnotherObject() {
        let bus = NotificationBus()
        let sender = Sender("mine")
        let other = Sender("other")
        let labels = Recorder<String>()
        let observation = bus.addObserver(forName: .ping, object: sender) { note in
            labels.record((note.object as? Sender)?.label ?? "none")
        }
        bus.post(name: .ping)
        bus.post(name: .ping, object: other)
        bus.post(name: .ping, object: sender)
        #expect(labels.values == ["mine"])
        withExtendedLifetime(observation) {}
    }

    @Test func nilNameWithSpecificObjectObservesEveryNameFromThatObject() {
        let bus = NotificationBus()
        let sender = Sender()
        let names = Recorder<BusNotification.Name>()
        let observation = bus.addObserver(forName: nil, object: sender) { names.record($0.name) }
        bus.post(name: .ping, object: sender)
        bus.post(name: .pong)
        bus.post(name: .pong, object: sender)
        #expect(names.values == [.ping, .pong])
        withExtendedLifetime(observation) {}
    }

    @Test func objectsAreMatchedByIdentityNotEquality() {
        let bus = NotificationBus()
        let first = Sender("same")
        let second = Sender("same")
        let count = Recorder<Int>()
        let observation = bus.addObserver(forName: .ping, object: first) { _ in count.record(1) }
        bus.post(name: .ping, object: second)
        #expect(count.count == 0)
        withExtendedLifetime((observation, first)) {}
    }

    @Test func theBusNeverRetainsTheObservedObject() {
        let bus = NotificationBus()
        weak var weakSender: Sender?
        var observation: BusObservation?
        do {
            let sender = Sender()
            weakSender = sender
            observation = bus.addObserver(forName: .ping, object: sender) { _ in }
        }
        #expect(weakSender == nil)
        #expect(observation?.isActive == true)
    }

    @Test func aDeallocatedObjectsObserverDoesNotMatchANewObjectAtTheSameAddress() {
        let bus = NotificationBus()
        let count = Recorder<Int>()
        var observations: [BusObservation] = []
        for _ in 0..<50 {
            let sender = Sender()
            observations.append(bus.addObserver(forName: .ping, object: sender) { _ in count.record(1) })
        }
        for _ in 0..<50 {
            bus.post(name: .ping, object: Sender())
        }
        #expect(count.count == 0)
    }

    @Test func independentBusesDoNotShareObservers() {
        let first = NotificationBus()
        let second = NotificationBus()
        let count = Recorder<Int>()
        let observation = first.addObserver(forName: .ping) { _ in count.record(1) }
        second.post(name: .ping)
        #expect(count.count == 0)
        first.post(name: .ping)
        #expect(count.count == 1)
        #expect(NotificationBus.default !== first)
        #expect(NotificationBus.default === NotificationBus.default)
        withExtendedLifetime(observation) {}
    }
}
