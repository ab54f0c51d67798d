import KernelBus
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body(index)` on `count` new threads at once and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Work: Sendable {
        let index: Int
        let body: @Sendable (Int) -> Void
        init(index: Int, body: @escaping @Sendable (Int) -> Void) {
            self.index = index
            self.body = body
        }
    }
    #if canImport(Darwin)
    var threads: [pthread_t?] = []
    #else
    var threads: [pthread_t] = []
    #endif
    for index in 0..<count {
        let work = Unmanaged.passRetained(Work(index: index, body: body)).toOpaque()
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
                let work = Unmanaged<Work>.fromOpaque(raw).takeRetainedValue()
                #else
                let work = Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue()
                #endif
                work.body(work.index)
                return nil
            },
            work
        )
        precondition(status == 0)
        threads.append(thread)
    }
    for thread in threads {
        #if canImport(Darwin)
        pthread_join(thread!, nil)
        #else
        pthread_join(thread, nil)
        #endif
    }
}

/// Nanoseconds on the monotonic clock.
func monotonicNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test func eightThreadsAddingRemovingAndPostingLoseNoDeliveryToAStableObserver() {
        let bus = NotificationBus()
        let names: [BusNotification.Name] = ["stress.a", "stress.b", "stress.c", .ping]
        let pingReceived = Counter()
        let allReceived = Counter()
        let typedReceived = Counter()
        let stable = [
            bus.addObserver(forName: .ping) { _ in pingReceived.increment() },
            bus.addObserver(forName: nil) { _ in allReceived.increment() },
            bus.addObserver(for: TaskCompleted.self) { _ in typedReceived.increment() },
        ]
        let pingPosted = Counter()
        let allPosted = Counter()
        let typedPosted = Counter()
        let deadline = monotonicNanoseconds() + 300_000_000
        onThreads(8) { thread in
            var generator = SystemRandomNumberGenerator()
            var mine: [BusObservation] = []
            var step = 0
            while step % 64 != 0 || monotonicNanoseconds() < deadline {
                step += 1
                let name = names[Int.random(in: 0..<names.count, using: &generator)]
                switch Int.random(in: 0..<10, using: &generator) {
                case 0, 1:
                    let sender = Sender()
                    mine.append(bus.addObserver(forName: Bool.random() ? name : nil, object: Bool.random() ? sender : nil) { _ in })
                case 2:
                    mine.append(bus.addObserver(for: TaskCompleted.self) { _ in })
                case 3:
                    if !mine.isEmpty {
                        bus.removeObserver(mine.remove(at: Int.random(in: 0..<mine.count, using: &generator)))
                    }
                case 4:
                    if !mine.isEmpty {
                        mine.removeFirst()
                    }
                case 5:
                    bus.post(TaskCompleted(taskID: thread, title: "t"))
                    typedPosted.increment()
                    allPosted.increment()
                default:
                    bus.post(name: name, userInfo: ["thread": thread])
                    allPosted.increment()
                    if name == .ping { pingPosted.increment() }
                }
            }
        }
        #expect(pingReceived.value == pingPosted.value)
        #expect(allReceived.value == allPosted.value)
        #expect(typedReceived.value == typedPosted.value)
        #expect(bus.observerCount == stable.count)
        #expect(allPosted.value > 100)
    }

    @Test func observersRemovingThemselvesAndPostingFromInsideDeliveriesAcrossThreads() {
        let bus = NotificationBus()
        let relayed = Counter()
        let relay = bus.addObserver(forName: .ping) { _ in bus.post(name: .pong) }
        let counter = bus.addObserver(forName: .pong) { _ in relayed.increment() }
        let deadline = monotonicNanoseconds() + 150_000_000
        let posted = Counter()
        onThreads(4) { _ in
            while monotonicNanoseconds() < deadline {
                let once = Locked<BusObservation?>(nil)
                once.withLock { slot in
                    slot = bus.addObserver(forName: .ping) { _ in once.withLock { $0?.cancel() } }
                }
                bus.post(name: .ping)
                posted.increment()
                #expect(once.withLock { $0?.isActive } == false)
            }
        }
        #expect(relayed.value == posted.value)
        #expect(bus.observerCount == 2)
        withExtendedLifetime((relay, counter)) {}
    }

    @Test func manyBusesCreatedAndDroppedWhileOthersPost() {
        let shared = NotificationBus()
        let received = Counter()
        let observation = shared.addObserver(forName: .ping) { _ in received.increment() }
        let posted = Counter()
        let deadline = monotonicNanoseconds() + 100_000_000
        onThreads(4) { thread in
            while monotonicNanoseconds() < deadline {
                if thread.isMultiple(of: 2) {
                    let bus = NotificationBus()
                    let token = bus.addObserver(forName: .ping) { _ in }
                    bus.post(name: .ping)
                    withExtendedLifetime(token) {}
                } else {
                    shared.post(name: .ping)
                    posted.increment()
                }
            }
        }
        #expect(received.value == posted.value)
        withExtendedLifetime(observation) {}
    }
}
