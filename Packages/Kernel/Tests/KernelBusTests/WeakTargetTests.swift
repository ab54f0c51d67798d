import KernelBus
import Synchronization
import Testing

final class Screen: Sendable {
    let reloads = Counter()
    let titles = Locked<[String]>([])

    func reload(_ notification: BusNotification) {
        reloads.increment()
    }

    func show(_ message: TaskCompleted) {
        titles.withLock { $0.append(message.title) }
    }
}

@Suite("Weak targets")
struct WeakTargetTests {
    @Test func theActionIsCalledOnTheTarget() {
        let bus = NotificationBus()
        let screen = Screen()
        bus.addObserver(screen, forName: .ping) { screen, note in screen.reload(note) }
        bus.post(name: .ping)
        #expect(screen.reloads.value == 1)
    }

    @Test func theTargetIsHeldWeaklyAndItsRegistrationRemovedWhenItDies() {
        let bus = NotificationBus()
        weak var weakScreen: Screen?
        do {
            let screen = Screen()
            weakScreen = screen
            bus.addObserver(screen, forName: .ping) { screen, note in screen.reload(note) }
            #expect(bus.observerCount(forName: .ping) == 1)
        }
        #expect(weakScreen == nil)
        #expect(bus.observerCount(forName: .ping) == 0)
        bus.post(name: .ping)
        #expect(bus.registrations().isEmpty)
    }

    @Test func droppingTheReturnedTokenDoesNotRemoveATargetRegistration() {
        let bus = NotificationBus()
        let screen = Screen()
        do {
            _ = bus.addObserver(screen, forName: .ping) { screen, note in screen.reload(note) }
        }
        bus.post(name: .ping)
        #expect(screen.reloads.value == 1)
    }

    @Test func theTokenCanStillRemoveItEarly() {
        let bus = NotificationBus()
        let screen = Screen()
        let observation = bus.addObserver(screen, forName: .ping) { screen, note in screen.reload(note) }
        observation.cancel()
        bus.post(name: .ping)
        #expect(screen.reloads.value == 0)
    }

    @Test func removeObserverTargetRemovesMatchingRegistrations() {
        let bus = NotificationBus()
        let screen = Screen()
        bus.addObserver(screen, forName: .ping) { screen, note in screen.reload(note) }
        bus.addObserver(screen, forName: .pong) { screen, note in screen.reload(note) }
        bus.removeObserver(target: screen, name: .ping)
        bus.post(name: .ping)
        bus.post(name: .pong)
        #expect(screen.reloads.value == 1)
        bus.removeObserver(target: screen)
        bus.post(name: .pong)
        #expect(screen.reloads.value == 1)
        #expect(bus.observerCount == 0)
    }

    @Test func typedActionsOnWeakTargets() {
        let bus = NotificationBus()
        weak var weakScreen: Screen?
        do {
            let screen = Screen()
            weakScreen = screen
            bus.addObserver(screen, for: TaskCompleted.self) { screen, message in screen.show(message) }
            bus.post(TaskCompleted(taskID: 1, title: "Done"))
            #expect(screen.titles.withLock { $0 } == ["Done"])
        }
        #expect(weakScreen == nil)
        bus.post(TaskCompleted(taskID: 2, title: "Nobody"))
        #expect(bus.observerCount == 0)
    }
}
