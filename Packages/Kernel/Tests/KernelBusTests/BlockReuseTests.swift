import Synchronization
import Testing

@testable import KernelBus

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain block observers reuse the entries of removed ones: a reused entry must behave exactly like a new
/// one (its own name, object and block, nothing of the registration before), and the blocks of removed
/// observers must still be released.
@Suite("Reused block entries")
struct BlockReuseTests {
    /// A block that holds its own bus (directly, or through a model that holds the bus) must not keep the
    /// bus alive once its observer is removed: the bus would otherwise hold its removed entries, which hold
    /// the block, which holds the bus.
    @Test func anObserverWhoseBlockHoldsItsBusLetsTheBusGoOnceRemoved() async {
        weak var weakBus: NotificationBus?
        do {
            let bus = NotificationBus()
            weakBus = bus
            let observation = bus.addObserver(forName: .ping) { _ in bus.post(name: .pong) }
            observation.cancel()
        }
        // Released at once unless a post was running on another thread (other tests post concurrently);
        // then by a later write on the bus.
        for _ in 0..<2_000 {
            guard let bus = weakBus else { break }
            bus.addObserver(forName: .pong) { _ in }.cancel()
            await Task.yield()
        }
        #expect(weakBus == nil)
    }

    /// A bus that goes while a post runs on another bus still releases the blocks of its removed observers:
    /// only its own posts could reach them, and it has none running.
    @Test func aBusThatGoesReleasesItsRetiredBlocksWhileAnotherBusIsPosting() {
        let other = NotificationBus()
        let inside = Flag()
        let release = Flag()
        let released = Flag()
        let observation = other.addObserver(forName: .ping) { _ in
            inside.set()
            while !release.isSet { sched_yield() }
        }
        onThreads(2) { thread in
            if thread == 0 {
                other.post(name: .ping)
                return
            }
            while !inside.isSet { sched_yield() }
            weak var weakCapture: Sender?
            do {
                let bus = NotificationBus()
                let capture = Sender()
                weakCapture = capture
                // Removed while a post is running (on the other bus): retired, not released yet.
                bus.addObserver(forName: .ping) { _ in _ = capture }.cancel()
            }
            if weakCapture == nil {
                released.set()
            }
            release.set()
        }
        #expect(released.isSet)
        withExtendedLifetime(observation) {}
    }

    /// Slots left empty are dropped once they pile up, when the next name gets a slot: that new slot must
    /// survive the clean-up, or its observers would never be posted to.
    @Test func aNameFirstObservedOnceEmptySlotsPiledUpIsPostedTo() {
        let bus = NotificationBus()
        for index in 0..<8 {
            bus.addObserver(forName: BusNotification.Name("test.empty.\(index)")) { _ in }.cancel()
        }
        let calls = Counter()
        let observation = bus.addObserver(forName: "test.after-empty") { _ in calls.increment() }
        bus.post(name: "test.after-empty")
        #expect(calls.value == 1)
        #expect(bus.observerCount(forName: "test.after-empty") == 1)
        bus.removeObserver(observation)
        bus.post(name: "test.after-empty")
        #expect(calls.value == 1)
        let again = bus.addObserver(forName: "test.after-empty") { _ in calls.increment() }
        bus.post(name: "test.after-empty")
        #expect(calls.value == 2)
        withExtendedLifetime(again) {}
    }

    @Test func everyReusedEntryDeliversOnlyForItsOwnNameAndObject() {
        let bus = NotificationBus()
        let senders = [Sender("a"), Sender("b")]
        let received = Locked<[String]>([])
        for round in 0..<200 {
            let name: BusNotification.Name = round % 2 == 0 ? .ping : .pong
            let sender = round % 3 == 0 ? senders[round % 2] : nil
            let observation = bus.addObserver(forName: name, object: sender) { note in
                received.withLock { $0.append("\(round) \(note.name.rawValue) \((note.object as? Sender)?.label ?? "-")") }
            }
            for post in [BusNotification.Name.ping, .pong] {
                for object in [nil, senders[0], senders[1]] {
                    bus.post(name: post, object: object)
                }
            }
            bus.removeObserver(observation)
            let expected = [nil, senders[0], senders[1]].filter { sender == nil || $0 === sender }.map {
                "\(round) \(name.rawValue) \($0?.label ?? "-")"
            }
            let got = received.withLock { $0 }
            #expect(got == expected, "round \(round)")
            received.withLock { $0.removeAll() }
        }
        #expect(bus.observerCount == 0)
    }

    @Test func anObserverThatReplacesItselfDuringAPostLeavesTheNewOneForTheNextPost() {
        let bus = NotificationBus()
        let calls = Recorder<String>()
        let first = bus.addObserver(forName: .ping) { _ in calls.record("first") }
        let replaced = Locked<BusObservation?>(nil)
        let added = Locked<[BusObservation]>([])
        replaced.withLock { slot in
            // The newest observer: its removal takes its slot back, and the observer added next goes there.
            slot = bus.addObserver(forName: .ping) { _ in
                calls.record("replaced")
                replaced.withLock { $0?.cancel() }
                let observation = bus.addObserver(forName: .ping) { _ in calls.record("added") }
                added.withLock { $0.append(observation) }
            }
        }
        bus.post(name: .ping)
        #expect(calls.values == ["first", "replaced"])
        bus.post(name: .ping)
        #expect(calls.values == ["first", "replaced", "first", "added"])
        withExtendedLifetime(first) {}
    }

    /// Threads add and remove observers of two names and two senders as fast as they can, so that entries
    /// pass from one registration to another across names, while other threads post: no observer may ever
    /// receive a notification of another name or sender than its own.
    @Test func entriesReusedAcrossThreadsNeverDeliverAnotherRegistrationsPost() {
        let bus = NotificationBus()
        let senders = [Sender("a"), Sender("b")]
        let names: [BusNotification.Name] = [.ping, .pong]
        let mismatches = Counter()
        let deliveries = Counter()
        // Half a second on four threads: long enough for thousands of reuses across threads, short enough
        // not to starve the other suites (which run meanwhile, some of them timed) of the machine's cores.
        let deadline = monotonicNanoseconds() + UInt64(min(stressSeconds, 0.5) * 1_000_000_000)
        onThreads(4) { thread in
            var step = 0
            if thread < 2 {
                while step % 64 != 0 || monotonicNanoseconds() < deadline {
                    step += 1
                    bus.post(name: names[step % 2], object: step % 3 == 0 ? nil : senders[step % 2 == 0 ? 0 : 1])
                }
                return
            }
            var tokens: [BusObservation] = []
            while step % 64 != 0 || monotonicNanoseconds() < deadline {
                step += 1
                let name = names[(step + thread) % 2]
                let sender = step % 4 == 0 ? nil : senders[step % 2]
                tokens.append(
                    bus.addObserver(forName: name, object: sender) { note in
                        deliveries.increment()
                        if note.name != name || (sender != nil && note.object !== sender) {
                            mismatches.increment()
                        }
                    }
                )
                if tokens.count > 8 {
                    tokens.remove(at: step % tokens.count).cancel()
                }
            }
            for token in tokens {
                token.cancel()
            }
        }
        #expect(mismatches.value == 0)
        #expect(deliveries.value > 0)
        #expect(bus.observerCount == 0)
    }
}
