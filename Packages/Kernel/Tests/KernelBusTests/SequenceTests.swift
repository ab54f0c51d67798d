import KernelBus
import Testing

@Suite("Async sequences")
struct SequenceTests {
    @Test func notificationsArriveInOrderAndNothingIsLostByDefault() async {
        let bus = NotificationBus()
        let sequence = bus.notifications(named: .ping)
        for n in 0..<1_000 {
            bus.post(name: .ping, userInfo: ["n": n])
        }
        var received: [Int] = []
        for await notification in sequence {
            received.append(notification.userInfo?["n"] as? Int ?? -1)
            if received.count == 1_000 { break }
        }
        #expect(received == Array(0..<1_000))
    }

    @Test func theObserverIsRegisteredWhenTheSequenceIsCreated() async {
        let bus = NotificationBus()
        let sequence = bus.notifications(named: .ping)
        #expect(bus.observerCount(forName: .ping) == 1)
        #expect(bus.registrations().first?.kind == .sequence)
        bus.post(name: .ping)
        var iterator = sequence.makeAsyncIterator()
        #expect(await iterator.next()?.name == .ping)
    }

    @Test func objectFiltersTheSequence() async {
        let bus = NotificationBus()
        let sender = Sender()
        let sequence = bus.notifications(named: nil, object: sender)
        bus.post(name: .ping)
        bus.post(name: .pong, object: sender)
        var iterator = sequence.makeAsyncIterator()
        #expect(await iterator.next()?.name == .pong)
    }

    @Test func bufferingNewestKeepsTheLatest() async {
        let bus = NotificationBus()
        let sequence = bus.notifications(named: .ping, bufferingPolicy: .bufferingNewest(3))
        for n in 0..<10 {
            bus.post(name: .ping, userInfo: ["n": n])
        }
        sequence.cancel()
        var received: [Int] = []
        for await notification in sequence {
            received.append(notification.userInfo?["n"] as? Int ?? -1)
        }
        #expect(received == [7, 8, 9])
    }

    @Test func bufferingOldestKeepsTheFirst() async {
        let bus = NotificationBus()
        let sequence = bus.notifications(named: .ping, bufferingPolicy: .bufferingOldest(3))
        for n in 0..<10 {
            bus.post(name: .ping, userInfo: ["n": n])
        }
        sequence.cancel()
        var received: [Int] = []
        for await notification in sequence {
            received.append(notification.userInfo?["n"] as? Int ?? -1)
        }
        #expect(received == [0, 1, 2])
    }

    @Test func cancellingTheConsumingTaskRemovesTheObserver() async {
        let bus = NotificationBus()
        let sequence = bus.notifications(named: .ping)
        let started = Flag()
        let consumer = Task {
            var count = 0
            started.set()
            for await _ in sequence { count += 1 }
            return count
        }
        #expect(await eventually { started.isSet })
        consumer.cancel()
        _ = await consumer.value
        #expect(bus.observerCount(forName: .ping) == 0)
    }

    @Test func droppingAnUnusedSequenceRemovesTheObserver() {
        let bus = NotificationBus()
        do {
            let sequence = bus.notifications(named: .ping)
            #expect(bus.observerCount(forName: .ping) == 1)
            withExtendedLifetime(sequence) {}
        }
        #expect(bus.observerCount(forName: .ping) == 0)
    }

    @Test func aConsumerWaitingForTheNextElementIsResumedByAPost() async {
        let bus = NotificationBus()
        let sequence = bus.notifications(named: .ping)
        let consumer = Task {
            var iterator = sequence.makeAsyncIterator()
            return await iterator.next()?.userInfo?["n"] as? Int
        }
        try? await Task.sleep(for: .milliseconds(5))
        bus.post(name: .ping, userInfo: ["n": 42])
        #expect(await consumer.value == 42)
    }

    @Test func typedMessagesAsASequence() async {
        let bus = NotificationBus()
        let sequence = bus.messages(of: TaskCompleted.self)
        bus.post(TaskCompleted(taskID: 1, title: "a"))
        bus.post(name: .ping)
        bus.post(TaskCompleted(taskID: 2, title: "b"))
        var titles: [String] = []
        for await message in sequence {
            titles.append(message.title)
            if titles.count == 2 { break }
        }
        #expect(titles == ["a", "b"])
    }

    @Test func typedSequencesFilterBySubject() async {
        let bus = NotificationBus()
        let mine = Sender()
        let sequence = bus.messages(of: ListRenamed.self, subject: mine, bufferingPolicy: .bufferingNewest(1))
        bus.post(ListRenamed(list: Sender(), newName: "other"))
        bus.post(ListRenamed(list: mine, newName: "first"))
        bus.post(ListRenamed(list: mine, newName: "second"))
        var iterator = sequence.makeAsyncIterator()
        #expect(await iterator.next()?.newName == "second")
    }
}

@Suite("Async sequences and their bus")
struct SequenceLifetimeTests {
    @Test func aSequenceEndsWhenItsBusIsDeallocated() async {
        var bus: NotificationBus? = NotificationBus()
        let sequence = bus!.notifications(named: .ping)
        bus!.post(name: .ping)
        bus = nil
        var count = 0
        for await _ in sequence { count += 1 }
        #expect(count == 1)
    }
}
