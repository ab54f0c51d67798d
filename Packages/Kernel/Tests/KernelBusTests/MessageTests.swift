import KernelBus
import Synchronization
import Testing

struct TaskCompleted: BusMessage {
    static let name: BusNotification.Name = "test.taskCompleted"
    let taskID: Int
    let title: String
}

struct ListRenamed: BusMessage {
    let list: Sender
    let newName: String
    var subject: (any AnyObject & Sendable)? { list }
}

/// A message that classic posters can also produce, through user info.
struct Progress: BusMessage {
    static let name: BusNotification.Name = "test.progress"
    let fraction: Double

    static func makeMessage(_ notification: BusNotification) -> Progress? {
        if let message = notification.message as? Progress { return message }
        return (notification.userInfo?["fraction"] as? Double).map(Progress.init(fraction:))
    }
}

@Suite("Typed messages")
struct MessageTests {
    @Test func typedObserversReceiveTheMessageWithoutCasts() {
        let bus = NotificationBus()
        let titles = Recorder<String>()
        let observation = bus.addObserver(for: TaskCompleted.self) { message in titles.record(message.title) }
        bus.post(TaskCompleted(taskID: 1, title: "Write"))
        #expect(titles.values == ["Write"])
        withExtendedLifetime(observation) {}
    }

    @Test func messagesWithoutADeclaredNameUseTheirTypeName() {
        #expect(ListRenamed.name.rawValue.hasSuffix("ListRenamed"))
    }

    @Test func subjectFiltersLikeAnObject() {
        let bus = NotificationBus()
        let mine = Sender("mine")
        let names = Recorder<String>()
        let observation = bus.addObserver(for: ListRenamed.self, subject: mine) { names.record($0.newName) }
        bus.post(ListRenamed(list: Sender("other"), newName: "no"))
        bus.post(ListRenamed(list: mine, newName: "yes"))
        #expect(names.values == ["yes"])
        withExtendedLifetime(observation) {}
    }

    @Test func classicAndWildcardObserversReceiveTypedPostsAsNotifications() {
        let bus = NotificationBus()
        let received = Recorder<BusNotification>()
        let observations = [
            bus.addObserver(forName: nil) { received.record($0) },
            bus.addObserver(forName: TaskCompleted.name) { received.record($0) },
        ]
        bus.post(TaskCompleted(taskID: 7, title: "Ship"))
        #expect(received.count == 2)
        #expect(received.values.allSatisfy { $0.name == TaskCompleted.name })
        #expect((received.values.first?.message as? TaskCompleted)?.taskID == 7)
        withExtendedLifetime(observations) {}
    }

    @Test func aTypedPostNeverCrashesAWildcardObserverThatReadsUserInfo() {
        let bus = NotificationBus()
        let keys = Recorder<Int>()
        let observation = bus.addObserver(forName: nil) { note in keys.record(note.userInfo?.count ?? 0) }
        bus.post(TaskCompleted(taskID: 1, title: "x"))
        #expect(keys.values == [0])
        withExtendedLifetime(observation) {}
    }

    @Test func aClassicPostOfAMessageNameSkipsTypedObserversThatCannotRebuildIt() {
        let bus = NotificationBus()
        let count = Recorder<Int>()
        let observation = bus.addObserver(for: TaskCompleted.self) { _ in count.record(1) }
        bus.post(name: TaskCompleted.name, userInfo: ["taskID": 1])
        #expect(count.count == 0)
        withExtendedLifetime(observation) {}
    }

    @Test func aClassicPostReachesTypedObserversThatRebuildTheMessage() {
        let bus = NotificationBus()
        let fractions = Recorder<Double>()
        let observation = bus.addObserver(for: Progress.self) { fractions.record($0.fraction) }
        bus.post(name: Progress.name, userInfo: ["fraction": 0.5])
        bus.post(Progress(fraction: 1))
        #expect(fractions.values == [0.5, 1])
        withExtendedLifetime(observation) {}
    }

    @Test func typedAndClassicObserversShareRegistrationOrder() {
        let bus = NotificationBus()
        let calls = Recorder<String>()
        let observations = [
            bus.addObserver(forName: nil) { _ in calls.record("wildcard") },
            bus.addObserver(for: TaskCompleted.self) { _ in calls.record("typed") },
            bus.addObserver(forName: TaskCompleted.name) { _ in calls.record("classic") },
        ]
        bus.post(TaskCompleted(taskID: 1, title: "x"))
        #expect(calls.values == ["wildcard", "typed", "classic"])
        withExtendedLifetime(observations) {}
    }

    @Test func droppingATypedTokenRemovesTheObserver() {
        let bus = NotificationBus()
        let count = Recorder<Int>()
        do {
            let observation = bus.addObserver(for: TaskCompleted.self) { _ in count.record(1) }
            bus.post(TaskCompleted(taskID: 1, title: "x"))
            withExtendedLifetime(observation) {}
        }
        bus.post(TaskCompleted(taskID: 2, title: "y"))
        #expect(count.count == 1)
    }
}
