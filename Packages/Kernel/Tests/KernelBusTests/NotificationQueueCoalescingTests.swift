import KernelBus
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread that keeps a core busy until stopped, so that the code under test competes for the CPU.
final class CompetingLoad: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let spins = Atomic<Int>(0)

    /// Starts the spinning thread.
    static func start() -> CompetingLoad {
        let load = CompetingLoad()
        let raw = Unmanaged.passRetained(load).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread,
            nil,
            { raw in
                #if canImport(Darwin)
                let load = Unmanaged<CompetingLoad>.fromOpaque(raw).takeRetainedValue()
                #else
                let load = Unmanaged<CompetingLoad>.fromOpaque(raw!).takeRetainedValue()
                #endif
                load.spin()
                return nil
            },
            raw
        )
        precondition(status == 0)
        #if canImport(Darwin)
        pthread_detach(thread!)
        #else
        pthread_detach(thread)
        #endif
        return load
    }

    private func spin() {
        var local = 0
        while !stopped.load(ordering: .relaxed) {
            local &+= 1
            if local & 0xFFFF == 0 {
                spins.add(1, ordering: .relaxed)
            }
        }
    }

    /// Stops the thread (it exits on its own).
    func stop() {
        stopped.store(true, ordering: .relaxed)
    }
}

/// Enqueues bursts from an actor of its own, as a feature's model would.
actor Enqueuer {
    let queue: BusNotificationQueue

    init(queue: BusNotificationQueue) {
        self.queue = queue
    }

    /// Enqueues `count` notifications named `name` for `object`, then the sentinel `.pong` for `object`, in
    /// one synchronous stretch of this actor.
    func burst(_ name: BusNotification.Name, object: Sender, count: Int, style: BusNotificationQueue.PostingStyle) {
        for _ in 0..<count {
            queue.enqueue(BusNotification(name: name, object: object), postingStyle: style)
        }
        queue.enqueue(BusNotification(name: .pong, object: object), postingStyle: style)
    }
}

/// The coalescing promise of the queue: every notification enqueued by one synchronous stretch of code
/// isolated to an actor coalesces, every time, however busy the machine.
///
/// Each test repeats a burst 1,000 times while another thread keeps a core busy (the tests run one at a time,
/// each with its own load); a burst ends with a
/// distinct sentinel, `.pong`, which FIFO delivery posts after everything the burst enqueued, so receiving
/// it means the burst has been fully delivered.
@Suite("Coalescing queue: one post per turn", .serialized)
struct NotificationQueueCoalescingTests {
    static let iterations = 1_000
    static let burst = 20

    @MainActor @Test func theGuideExamplePostsOnceEveryTime() async {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus)
        let list = Sender("list")
        let changes = Counter()
        let observation = bus.addObserver(forName: .ping, object: list) { _ in changes.increment() }
        var sentinels = bus.notifications(named: .pong).makeAsyncIterator()
        let load = CompetingLoad.start()
        defer { load.stop() }
        var wrong: [Int] = []
        for iteration in 0..<Self.iterations {
            let before = changes.value
            for _ in 0..<Self.burst {
                queue.enqueue(BusNotification(name: .ping, object: list), postingStyle: .asSoonAsPossible)
            }
            queue.enqueue(BusNotification(name: .pong), postingStyle: .asSoonAsPossible)
            _ = await sentinels.next()
            if changes.value - before != 1 { wrong.append(iteration) }
        }
        #expect(wrong.isEmpty, "bursts not posted exactly once: \(wrong.count) of \(Self.iterations)")
        #expect(changes.value == Self.iterations)
        withExtendedLifetime(observation) {}
    }

    @MainActor @Test func whenIdleBurstsPostOnceEveryTime() async {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus)
        let list = Sender("list")
        let changes = Counter()
        let observation = bus.addObserver(forName: .ping, object: list) { _ in changes.increment() }
        var sentinels = bus.notifications(named: .pong).makeAsyncIterator()
        let load = CompetingLoad.start()
        defer { load.stop() }
        var wrong: [Int] = []
        for iteration in 0..<Self.iterations {
            let before = changes.value
            for _ in 0..<Self.burst {
                queue.enqueue(BusNotification(name: .ping, object: list), postingStyle: .whenIdle)
            }
            queue.enqueue(BusNotification(name: .pong), postingStyle: .whenIdle)
            _ = await sentinels.next()
            if changes.value - before != 1 { wrong.append(iteration) }
        }
        #expect(wrong.isEmpty, "bursts not posted exactly once: \(wrong.count) of \(Self.iterations)")
        withExtendedLifetime(observation) {}
    }

    @MainActor @Test func coalescingOnNameAloneHoldsAcrossSenders() async {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus)
        let senders = [Sender("a"), Sender("b"), Sender("c")]
        let changes = Counter()
        let observation = bus.addObserver(forName: .ping) { _ in changes.increment() }
        var sentinels = bus.notifications(named: .pong).makeAsyncIterator()
        let load = CompetingLoad.start()
        defer { load.stop() }
        var wrong: [Int] = []
        for iteration in 0..<Self.iterations {
            let before = changes.value
            for index in 0..<Self.burst {
                queue.enqueue(
                    BusNotification(name: .ping, object: senders[index % senders.count]),
                    postingStyle: index.isMultiple(of: 2) ? .asSoonAsPossible : .whenIdle,
                    coalesceMask: .onName
                )
            }
            queue.enqueue(BusNotification(name: .pong), postingStyle: .whenIdle)
            _ = await sentinels.next()
            if changes.value - before != 1 { wrong.append(iteration) }
        }
        #expect(wrong.isEmpty, "bursts not posted exactly once: \(wrong.count) of \(Self.iterations)")
        withExtendedLifetime(observation) {}
    }

    @MainActor @Test func coalescingOnSenderAloneHoldsAcrossNames() async {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus)
        let list = Sender("list")
        let names: [BusNotification.Name] = [.ping, "test.ping.other", "test.ping.third"]
        let changes = Counter()
        let observation = bus.addObserver(forName: nil, object: list) { _ in changes.increment() }
        var sentinels = bus.notifications(named: .pong).makeAsyncIterator()
        let load = CompetingLoad.start()
        defer { load.stop() }
        var wrong: [Int] = []
        for iteration in 0..<Self.iterations {
            let before = changes.value
            for index in 0..<Self.burst {
                queue.enqueue(
                    BusNotification(name: names[index % names.count], object: list),
                    postingStyle: .asSoonAsPossible,
                    coalesceMask: .onSender
                )
            }
            // No sender: not coalesced with the burst, and not seen by the observer of `list`.
            queue.enqueue(BusNotification(name: .pong), postingStyle: .asSoonAsPossible, coalesceMask: .onSender)
            _ = await sentinels.next()
            if changes.value - before != 1 { wrong.append(iteration) }
        }
        #expect(wrong.isEmpty, "bursts not posted exactly once: \(wrong.count) of \(Self.iterations)")
        withExtendedLifetime(observation) {}
    }

    @MainActor @Test func distinctNotificationsKeepTheirFirstEnqueueOrder() async {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus)
        let a: BusNotification.Name = "test.order.a"
        let b: BusNotification.Name = "test.order.b"
        let c: BusNotification.Name = "test.order.c"
        let received = Recorder<String>()
        let observation = bus.addObserver(forName: nil) { received.record($0.name.rawValue) }
        var sentinels = bus.notifications(named: .pong).makeAsyncIterator()
        let load = CompetingLoad.start()
        defer { load.stop() }
        for _ in 0..<Self.iterations {
            for _ in 0..<10 {
                queue.enqueue(BusNotification(name: a), postingStyle: .asSoonAsPossible)
                queue.enqueue(BusNotification(name: b), postingStyle: .whenIdle)
                queue.enqueue(BusNotification(name: a), postingStyle: .asSoonAsPossible)
                queue.enqueue(BusNotification(name: c), postingStyle: .asSoonAsPossible)
            }
            queue.enqueue(BusNotification(name: .pong), postingStyle: .whenIdle)
            _ = await sentinels.next()
        }
        let expected = Array(repeating: ["test.order.a", "test.order.c", "test.order.b", "test.pong"], count: Self.iterations)
        #expect(received.values == expected.flatMap { $0 })
        withExtendedLifetime(observation) {}
    }

    @Test func burstsFromAnActorPostOnceEveryTime() async {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus)
        let list = Sender("list")
        let changes = Counter()
        let observation = bus.addObserver(forName: .ping, object: list) { _ in changes.increment() }
        var sentinels = bus.notifications(named: .pong).makeAsyncIterator()
        let enqueuer = Enqueuer(queue: queue)
        let load = CompetingLoad.start()
        defer { load.stop() }
        var wrong: [Int] = []
        for iteration in 0..<Self.iterations {
            let before = changes.value
            await enqueuer.burst(.ping, object: list, count: Self.burst, style: .asSoonAsPossible)
            _ = await sentinels.next()
            if changes.value - before != 1 { wrong.append(iteration) }
        }
        #expect(wrong.isEmpty, "bursts not posted exactly once: \(wrong.count) of \(Self.iterations)")
        withExtendedLifetime(observation) {}
    }

    @Test func twoActorsBurstingAtOnceEachGetOnePost() async {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus)
        let first = Sender("first")
        let second = Sender("second")
        let firstChanges = Counter()
        let secondChanges = Counter()
        let observations = [
            bus.addObserver(forName: .ping, object: first) { _ in firstChanges.increment() },
            bus.addObserver(forName: .ping, object: second) { _ in secondChanges.increment() },
        ]
        var sentinels = bus.notifications(named: .pong).makeAsyncIterator()
        let firstEnqueuer = Enqueuer(queue: queue)
        let secondEnqueuer = Enqueuer(queue: queue)
        var wrong = 0
        for _ in 0..<Self.iterations {
            let before = (firstChanges.value, secondChanges.value)
            async let one: Void = firstEnqueuer.burst(.ping, object: first, count: Self.burst, style: .asSoonAsPossible)
            async let two: Void = secondEnqueuer.burst(.ping, object: second, count: Self.burst, style: .asSoonAsPossible)
            _ = await (one, two)
            _ = await sentinels.next()
            _ = await sentinels.next()
            if firstChanges.value - before.0 != 1 || secondChanges.value - before.1 != 1 { wrong += 1 }
        }
        #expect(wrong == 0, "bursts not posted exactly once: \(wrong) of \(Self.iterations)")
        withExtendedLifetime(observations) {}
    }

    @Test func notificationsEnqueuedOutsideAnyActorArePostedOnTheQueuesExecutor() async {
        let bus = NotificationBus()
        let executor = ManualExecutor()
        let queue = BusNotificationQueue(bus: bus, executor: executor)
        let count = Counter()
        let observation = bus.addObserver(forName: .ping) { _ in count.increment() }
        for _ in 0..<3 {
            queue.enqueue(BusNotification(name: .ping), postingStyle: .asSoonAsPossible, isolation: nil)
        }
        #expect(await eventually { executor.pendingCount > 0 })
        #expect(count.value == 0)
        executor.runPending()
        #expect(count.value == 1)
        #expect(queue.pendingCount == 0)
        withExtendedLifetime(observation) {}
    }

    @MainActor @Test func anObserverEnqueuingDuringTheDrainIsPostedInALaterTurn() async {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus)
        let received = Recorder<String>()
        let relay = bus.addObserver(forName: .ping) { _ in
            received.record("ping")
            MainActor.assumeIsolated {
                queue.enqueue(BusNotification(name: .pong), postingStyle: .asSoonAsPossible)
            }
        }
        var sentinels = bus.notifications(named: .pong).makeAsyncIterator()
        queue.enqueue(BusNotification(name: .ping), postingStyle: .asSoonAsPossible)
        _ = await sentinels.next()
        #expect(received.values == ["ping"])
        #expect(queue.pendingCount == 0)
        withExtendedLifetime(relay) {}
    }
}
