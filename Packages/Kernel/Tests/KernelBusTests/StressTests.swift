import KernelBus
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How long the stress test runs: `KERNELBUS_STRESS_SECONDS` (default 3).
let stressSeconds: Double = {
    guard let raw = getenv("KERNELBUS_STRESS_SECONDS"), let seconds = Double(String(cString: raw)) else { return 3 }
    return seconds
}()

/// The observers of one stress thread on its own name, which only that thread posts, so that every call
/// they receive can be checked against what the thread registered.
final class StressThreadState: Sendable {
    /// Calls received by observers after their removal had returned: must stay 0.
    let callsAfterRemoval = Counter()
    /// Posts whose calls did not match the registered observers, in number or order: must stay 0.
    let badPosts = Counter()
}

@Suite("Stress: eight threads posting, adding and removing")
struct StressTests {
    /// Eight threads for a few seconds: each posts shared names (seen by stable observers) and a name of its
    /// own, adds observers of both, removes them from any position (oldest, middle, newest, by dropping the
    /// token or explicitly), removes observers from inside deliveries, and enqueues into a shared queue.
    ///
    /// Invariants: a stable observer receives exactly the posts of its name; a post of a thread's own name
    /// calls exactly the observers registered for it, in registration order, and never one whose removal
    /// has returned; nothing enqueued is lost; when the threads are done, only the stable observers are left.
    @Test func eightThreadsKeepEveryInvariant() async {
        let bus = NotificationBus()
        let queue = BusNotificationQueue(bus: bus)
        let shared: [BusNotification.Name] = ["stress.shared.a", "stress.shared.b", .ping]
        let sharedReceived = Counter()
        let allReceived = Counter()
        let typedReceived = Counter()
        let queuedReceived = Counter()
        let stable = [
            bus.addObserver(forName: .ping) { _ in sharedReceived.increment() },
            bus.addObserver(forName: nil) { _ in allReceived.increment() },
            bus.addObserver(for: TaskCompleted.self) { _ in typedReceived.increment() },
            bus.addObserver(forName: "stress.queued") { _ in queuedReceived.increment() },
        ]
        let pingPosted = Counter()
        let allPosted = Counter()
        let typedPosted = Counter()
        let queued = Counter()
        let states = (0..<8).map { _ in StressThreadState() }
        let deadline = monotonicNanoseconds() + UInt64(stressSeconds * 1_000_000_000)
        onThreads(8) { thread in
            let state = states[thread]
            let own = BusNotification.Name("stress.own.\(thread)")
            var generator = SystemRandomNumberGenerator()
            // This thread's observers of `own`, oldest first, with their registration numbers.
            var mine: [(token: BusObservation, number: Int, removed: Flag)] = []
            var others: [BusObservation] = []
            var registered = 0
            let calls = Locked<[Int]>([])
            var step = 0
            while step % 64 != 0 || monotonicNanoseconds() < deadline {
                step += 1
                var choice = Int.random(in: 0..<16, using: &generator)
                if choice < 3 && mine.count >= 48 { choice = 3 }
                switch choice {
                case 0, 1, 2:
                    registered += 1
                    let number = registered
                    let removed = Flag()
                    let token = bus.addObserver(forName: own) { _ in
                        if removed.isSet { state.callsAfterRemoval.increment() }
                        calls.withLock { $0.append(number) }
                    }
                    mine.append((token, number, removed))
                case 3, 4:
                    // Remove the oldest, one in the middle or the newest.
                    guard !mine.isEmpty else { break }
                    let index = [0, mine.count / 2, mine.count - 1][Int.random(in: 0..<3, using: &generator)]
                    let gone = mine.remove(at: index)
                    if Bool.random(using: &generator) {
                        bus.removeObserver(gone.token)
                    } else {
                        gone.token.cancel()
                    }
                    gone.removed.set()
                case 5:
                    let name = shared[Int.random(in: 0..<shared.count, using: &generator)]
                    let sender = Sender()
                    others.append(
                        bus.addObserver(forName: Bool.random(using: &generator) ? name : nil, object: Bool.random() ? sender : nil) { _ in }
                    )
                    if others.count > 32 {
                        others.remove(at: Int.random(in: 0..<others.count, using: &generator))
                    }
                case 6:
                    if !others.isEmpty {
                        others.removeFirst()
                    }
                case 7:
                    // An observer that removes itself from inside its first delivery.
                    let once = Locked<BusObservation?>(nil)
                    once.withLock { slot in
                        slot = bus.addObserver(forName: own) { _ in once.withLock { $0?.cancel() } }
                    }
                    bus.post(name: own)
                    allPosted.increment()
                    if once.withLock({ $0?.isActive }) != false { state.badPosts.increment() }
                    calls.withLock { $0.removeAll() }
                case 8:
                    bus.post(TaskCompleted(taskID: thread, title: "stress"))
                    typedPosted.increment()
                    allPosted.increment()
                case 9:
                    queue.enqueue(BusNotification(name: "stress.queued"), postingStyle: .asSoonAsPossible, coalesceMask: .none)
                    queued.increment()
                case 10, 11:
                    // A post of the thread's own name calls exactly its live observers, in order.
                    calls.withLock { $0.removeAll() }
                    bus.post(name: own)
                    allPosted.increment()
                    let expected = mine.map(\.number)
                    if calls.withLock({ $0 }) != expected { state.badPosts.increment() }
                default:
                    let name = shared[Int.random(in: 0..<shared.count, using: &generator)]
                    bus.post(name: name, userInfo: ["thread": thread])
                    allPosted.increment()
                    if name == .ping { pingPosted.increment() }
                }
            }
            for entry in mine {
                entry.token.cancel()
            }
        }
        #expect(states.map { $0.callsAfterRemoval.value } == Array(repeating: 0, count: 8))
        #expect(states.map { $0.badPosts.value } == Array(repeating: 0, count: 8))
        #expect(sharedReceived.value == pingPosted.value)
        #expect(typedReceived.value == typedPosted.value)
        #expect(await eventually { queuedReceived.value == queued.value })
        // Every post, and every queued notification, reached the wildcard observer exactly once.
        #expect(allReceived.value == allPosted.value + queued.value)
        #expect(bus.observerCount == stable.count)
        #expect(allPosted.value > 1_000)
    }
}
