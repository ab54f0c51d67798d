import KernelBus
import Testing

@Suite("Coalescing notification queue")
struct NotificationQueueTests {
    @Test func postingNowIsSynchronous() {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus)
        let count = Recorder<Int>()
        let observation = bus.addObserver(forName: .ping) { _ in count.record(1) }
        queue.enqueue(BusNotification(name: .ping), postingStyle: .now)
        #expect(count.count == 1)
        withExtendedLifetime(observation) {}
    }

    @Test func asSoonAsPossibleNotificationsArePostedSoonWithoutARunLoop() async {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus)
        let count = Recorder<Int>()
        let observation = bus.addObserver(forName: .ping) { _ in count.record(1) }
        queue.enqueue(BusNotification(name: .ping), postingStyle: .asSoonAsPossible)
        #expect(await eventually { count.count == 1 })
        #expect(queue.pendingCount == 0)
        withExtendedLifetime(observation) {}
    }

    @Test func coalescesOnNameAndSenderByDefault() {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus, draining: .manual)
        let sender = Sender()
        for _ in 0..<5 {
            queue.enqueue(BusNotification(name: .ping, object: sender), postingStyle: .whenIdle)
        }
        queue.enqueue(BusNotification(name: .ping), postingStyle: .whenIdle)
        queue.enqueue(BusNotification(name: .pong, object: sender), postingStyle: .whenIdle)
        #expect(queue.pendingCount == 3)
        queue.dequeueNotifications(matching: BusNotification(name: .ping), coalesceMask: .onName)
        #expect(queue.pendingCount == 1)
    }

    @Test func coalescingOnNameOnlyIgnoresTheSender() {
        let queue = BusNotificationQueue(bus: NotificationBus(), draining: .manual)
        queue.enqueue(BusNotification(name: .ping, object: Sender()), postingStyle: .whenIdle, coalesceMask: .onName)
        queue.enqueue(BusNotification(name: .ping, object: Sender()), postingStyle: .whenIdle, coalesceMask: .onName)
        #expect(queue.pendingCount == 1)
    }

    @Test func coalescingOnSenderOnlyIgnoresTheName() {
        let queue = BusNotificationQueue(bus: NotificationBus(), draining: .manual)
        let sender = Sender()
        queue.enqueue(BusNotification(name: .ping, object: sender), postingStyle: .whenIdle, coalesceMask: .onSender)
        queue.enqueue(BusNotification(name: .pong, object: sender), postingStyle: .whenIdle, coalesceMask: .onSender)
        #expect(queue.pendingCount == 1)
    }

    @Test func noCoalescingKeepsEveryNotification() {
        let queue = BusNotificationQueue(bus: NotificationBus(), draining: .manual)
        for _ in 0..<4 {
            queue.enqueue(BusNotification(name: .ping), postingStyle: .whenIdle, coalesceMask: .none)
        }
        #expect(queue.pendingCount == 4)
    }

    @Test func aCoalescedNotificationKeepsItsPlaceAndTakesTheNewestContent() {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus, draining: .manual)
        let received = Recorder<String>()
        let observation = bus.addObserver(forName: nil) { note in
            received.record("\(note.name.rawValue)=\(note.userInfo?["v"] as? Int ?? 0)")
        }
        queue.enqueue(BusNotification(name: .ping, userInfo: ["v": 1]), postingStyle: .whenIdle)
        queue.enqueue(BusNotification(name: .pong, userInfo: ["v": 1]), postingStyle: .whenIdle)
        queue.enqueue(BusNotification(name: .ping, userInfo: ["v": 2]), postingStyle: .whenIdle)
        queue.flush()
        #expect(received.values == ["test.ping=2", "test.pong=1"])
        withExtendedLifetime(observation) {}
    }

    @Test func deliveryIsFIFOWithAsSoonAsPossibleBeforeWhenIdle() {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus, draining: .manual)
        let received = Recorder<Int>()
        let observation = bus.addObserver(forName: .ping) { note in received.record(note.userInfo?["n"] as? Int ?? -1) }
        queue.enqueue(BusNotification(name: .ping, userInfo: ["n": 3]), postingStyle: .whenIdle, coalesceMask: .none)
        queue.enqueue(BusNotification(name: .ping, userInfo: ["n": 1]), postingStyle: .asSoonAsPossible, coalesceMask: .none)
        queue.enqueue(BusNotification(name: .ping, userInfo: ["n": 4]), postingStyle: .whenIdle, coalesceMask: .none)
        queue.enqueue(BusNotification(name: .ping, userInfo: ["n": 2]), postingStyle: .asSoonAsPossible, coalesceMask: .none)
        queue.flush()
        #expect(received.values == [1, 2, 3, 4])
        withExtendedLifetime(observation) {}
    }

    @Test func anAsSoonAsPossibleEnqueuePromotesAPendingWhenIdleOne() {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus, draining: .manual)
        let received = Recorder<String>()
        let observation = bus.addObserver(forName: nil) { received.record($0.name.rawValue) }
        queue.enqueue(BusNotification(name: .ping), postingStyle: .whenIdle)
        queue.enqueue(BusNotification(name: .pong), postingStyle: .asSoonAsPossible)
        queue.enqueue(BusNotification(name: .ping), postingStyle: .asSoonAsPossible)
        #expect(queue.pendingCount == 2)
        queue.flush()
        #expect(received.values == ["test.pong", "test.ping"])
        withExtendedLifetime(observation) {}
    }

    @Test func postingNowDropsPendingMatches() {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus, draining: .manual)
        let count = Recorder<Int>()
        let observation = bus.addObserver(forName: .ping) { _ in count.record(1) }
        queue.enqueue(BusNotification(name: .ping), postingStyle: .whenIdle)
        queue.enqueue(BusNotification(name: .ping), postingStyle: .now)
        #expect(count.count == 1)
        #expect(queue.pendingCount == 0)
        withExtendedLifetime(observation) {}
    }

    @Test func aManualQueueWaitsForFlush() async throws {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus, draining: .manual)
        let count = Recorder<Int>()
        let observation = bus.addObserver(forName: .ping) { _ in count.record(1) }
        queue.enqueue(BusNotification(name: .ping), postingStyle: .asSoonAsPossible)
        try await Task.sleep(for: .milliseconds(50))
        #expect(count.count == 0)
        #expect(queue.pendingCount == 1)
        queue.flush()
        #expect(count.count == 1)
        withExtendedLifetime(observation) {}
    }

    @Test func whenIdleNotificationsArePostedEventually() async {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus)
        let received = Recorder<String>()
        let observation = bus.addObserver(forName: nil) { received.record($0.name.rawValue) }
        queue.enqueue(BusNotification(name: .ping), postingStyle: .whenIdle)
        queue.enqueue(BusNotification(name: .pong), postingStyle: .asSoonAsPossible)
        #expect(await eventually { received.count == 2 })
        #expect(received.values == ["test.pong", "test.ping"])
        withExtendedLifetime(observation) {}
    }

    @Test func typedMessagesCoalesceOnNameAndSubject() {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus, draining: .manual)
        let titles = Recorder<String>()
        let observation = bus.addObserver(for: TaskCompleted.self) { titles.record($0.title) }
        queue.enqueue(TaskCompleted(taskID: 1, title: "first"), postingStyle: .whenIdle)
        queue.enqueue(TaskCompleted(taskID: 2, title: "latest"), postingStyle: .whenIdle)
        queue.flush()
        #expect(titles.values == ["latest"])
        withExtendedLifetime(observation) {}
    }
}
