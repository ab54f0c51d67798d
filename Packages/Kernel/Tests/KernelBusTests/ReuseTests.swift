import KernelBus
import Testing

/// A removed block observer's storage is reused by a later registration once no post and no token can
/// reach it. These tests repeat each case many times, so that most rounds reuse (a round in which another
/// test's post is running somewhere waits instead), and check in every round what a user could notice.
@Suite("Reused registrations")
struct ReuseTests {
    @Test func aCancelledTokenStaysCancelledWhenItsRegistrationIsReused() {
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

    @Test func aDroppedTokenLeavesTheRegistrationThatReusedItsEntryAlone() {
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

    @Test func aReusedRegistrationForgetsTheEarlierNameObjectAndBlock() {
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

    @Test func aSequenceEndedByItsConsumerDoesNotEndTheSequenceThatReusedItsRegistration() async {
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
