import KernelBus
import Testing

/// A removed observer and its token must stay apart from the registrations that follow it, whatever the bus
/// does with the removed entry's memory (an implementation may recycle it). Each case runs many rounds
/// and checks, in every round, what a user could notice.
@Suite("Registrations after a removal")
struct RegistrationsAfterRemovalTests {
    @Test func aCancelledTokenStaysCancelledWhenAnotherObserverIsAdded() {
        let bus = NotificationBus()
        let calls = Recorder<String>()
        for round in 0..<1_000 {
            let old = bus.addObserver(forName: .ping) { _ in calls.record("old") }
            old.cancel()
            let new = bus.addObserver(forName: .ping) { _ in calls.record("new \(round)") }
            // Removing the old token again, every way there is, must not touch the new registration.
            old.cancel()
            bus.removeObserver(old)
            bus.removeObserver(old, name: nil, object: nil)
            #expect(!old.isActive)
            #expect(old.name == .ping)
            #expect(new.isActive)
            bus.post(name: .ping)
            withExtendedLifetime(old) {}
            bus.post(name: .ping)
            #expect(bus.observerCount(forName: .ping) == 1)
            new.cancel()
        }
        let values = calls.values
        #expect(values.count == 2_000)
        #expect(!values.contains("old"))
        #expect(values.last == "new 999")
    }

    @Test func aDroppedCancelledTokenLeavesTheNextRegistrationAlone() {
        let bus = NotificationBus()
        let calls = Recorder<Int>()
        var old: BusObservation? = bus.addObserver(forName: .ping) { _ in }
        for round in 0..<1_000 {
            old?.cancel()
            let new = bus.addObserver(forName: .ping) { _ in calls.record(round) }
            old = nil  // Dropping a cancelled token.
            bus.post(name: .ping)
            #expect(new.isActive)
            old = new
        }
        #expect(calls.values == Array(0..<1_000))
        #expect(bus.observerCount(forName: .ping) == 1)
    }

    @Test func aRegistrationAfterARemovalKeepsOnlyItsOwnNameObjectAndBlock() {
        let bus = NotificationBus()
        let sender = Sender()
        let calls = Recorder<String>()
        for _ in 0..<500 {
            let specific = bus.addObserver(forName: .ping, object: sender) { _ in calls.record("specific") }
            specific.cancel()
            let any = bus.addObserver(forName: .pong) { _ in calls.record("any") }
            bus.post(name: .ping, object: sender)  // Nobody observes .ping any more.
            bus.post(name: .pong, object: sender)
            let registrations = bus.registrations()
            #expect(registrations.map(\.name) == [.pong])
            #expect(registrations.map(\.observesSpecificObject) == [false])
            any.cancel()

            let wide = bus.addObserver(forName: .pong) { _ in calls.record("wide") }
            wide.cancel()
            let narrow = bus.addObserver(forName: .ping, object: sender) { _ in calls.record("narrow") }
            bus.post(name: .ping)  // No object: not for an observer of one sender.
            bus.post(name: .pong, object: sender)  // Nobody observes .pong any more.
            bus.post(name: .ping, object: Sender("another"))
            bus.post(name: .ping, object: sender)
            narrow.cancel()
        }
        #expect(calls.values == Array(repeating: ["any", "narrow"], count: 500).flatMap { $0 })
    }

    @Test func aMismatchedRemovalNeitherRemovesNorDetachesTheToken() {
        let bus = NotificationBus()
        let calls = Recorder<Int>()
        let observation = bus.addObserver(forName: .ping) { _ in calls.record(1) }
        bus.removeObserver(observation, name: .pong, object: nil)
        bus.removeObserver(observation, name: .ping, object: Sender())
        #expect(observation.isActive)
        bus.post(name: .ping)
        #expect(calls.count == 1)
        bus.removeObserver(observation, name: .ping, object: nil)
        #expect(!observation.isActive)
        bus.post(name: .ping)
        #expect(calls.count == 1)
    }

    @Test func aSequenceEndedByItsConsumerDoesNotEndTheNextOne() async {
        let bus = NotificationBus()
        for round in 0..<50 {
            let first = Task {
                for await _ in bus.notifications(named: .ping) { break }
            }
            first.cancel()
            await first.value
            let second = bus.notifications(named: .ping)
            let received = Task { () -> Int? in
                for await notification in second {
                    return notification.userInfo?["round"] as? Int
                }
                return nil
            }
            bus.post(name: .ping, userInfo: ["round": round])
            #expect(await received.value == round)
        }
    }
}
