import KernelEvents
import Synchronization
import Testing

struct Added: BusEvent {
    static let name: EventName = "test.added"
    let id: Int
}

struct Removed: BusEvent {
    let id: Int
}

/// What observers saw, in the order they saw it.
final class Seen: Sendable {
    private let entries = Mutex<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

@Suite("EventBus: typed events, their observers in order, removal that holds")
struct EventBusTests {
    @Test("a post calls each observer of its type, in the order they were added, with the value posted")
    func order() {
        let bus = EventBus()
        let seen = Seen()
        let first = bus.addObserver(for: Added.self) { seen.add("first \($0.id)") }
        let other = bus.addObserver(for: Removed.self) { seen.add("removed \($0.id)") }
        let second = bus.addObserver(for: Added.self) { seen.add("second \($0.id)") }
        bus.post(Added(id: 7))
        bus.post(Removed(id: 8))
        #expect(seen.all == ["first 7", "second 7", "removed 8"])
        withExtendedLifetime((first, other, second)) {}
    }

    @Test("dropping or cancelling the observation removes its observer; cancelling twice does nothing")
    func removal() {
        let bus = EventBus()
        let seen = Seen()
        var dropped: EventObservation? = bus.addObserver(for: Added.self) { seen.add("dropped \($0.id)") }
        let cancelled = bus.addObserver(for: Added.self) { seen.add("cancelled \($0.id)") }
        bus.post(Added(id: 1))
        dropped = nil
        cancelled.cancel()
        cancelled.cancel()
        bus.post(Added(id: 2))
        #expect(seen.all == ["dropped 1", "cancelled 1"])
        #expect(dropped == nil)
        #expect(bus.registrations().isEmpty)
    }

    @Test("an observer removed during a post is not called by it; one added during a post is called by the next")
    func changesDuringAPost() {
        let bus = EventBus()
        let seen = Seen()
        let later = Mutex<EventObservation?>(nil)
        let added = Mutex<EventObservation?>(nil)
        let first = bus.addObserver(for: Added.self) { event in
            seen.add("first \(event.id)")
            later.withLock { $0?.cancel() }
            added.withLock { observation in
                if observation == nil { observation = bus.addObserver(for: Added.self) { seen.add("added \($0.id)") } }
            }
        }
        later.withLock { $0 = bus.addObserver(for: Added.self) { seen.add("later \($0.id)") } }
        bus.post(Added(id: 1))
        bus.post(Added(id: 2))
        #expect(seen.all == ["first 1", "first 2", "added 2"])
        withExtendedLifetime(first) {}
    }

    @Test("an observer may post: the inner post is delivered in full before the outer one goes on")
    func nestedPost() {
        let bus = EventBus()
        let seen = Seen()
        let outer = bus.addObserver(for: Added.self) { event in
            seen.add("added \(event.id)")
            bus.post(Removed(id: event.id))
        }
        let inner = bus.addObserver(for: Removed.self) { seen.add("removed \($0.id)") }
        let last = bus.addObserver(for: Added.self) { seen.add("last \($0.id)") }
        bus.post(Added(id: 3))
        #expect(seen.all == ["added 3", "removed 3", "last 3"])
        withExtendedLifetime((outer, inner, last)) {}
    }

    @Test("messages(of:) reads every event posted after it was made, in order; ending the read removes its observer")
    func messages() async {
        let bus = EventBus()
        var read: [Int] = []
        do {
            let events = bus.messages(of: Added.self)
            #expect(bus.registrations().map(\.kind) == [.sequence])
            for id in 1...3 { bus.post(Added(id: id)) }
            for await event in events {
                read.append(event.id)
                if read.count == 3 { break }
            }
        }
        #expect(read == [1, 2, 3])
        do {
            let unread = bus.messages(of: Added.self)
            bus.post(Added(id: 4))
            withExtendedLifetime(unread) {}
        }
        #expect(bus.registrations().isEmpty, "a sequence let go unread kept its observer")
        #expect(bus.registrations().isEmpty, "the observer outlived the read")
    }

    @Test("a task reading messages(of:) that is cancelled stops, and its observer goes")
    func cancelledRead() async {
        let bus = EventBus()
        let reader = Task {
            var count = 0
            for await _ in bus.messages(of: Added.self) { count += 1 }
            return count
        }
        while bus.registrations().isEmpty { await Task.yield() }
        bus.post(Added(id: 1))
        reader.cancel()
        _ = await reader.value
        #expect(bus.registrations().isEmpty)
    }

    @Test("registrations list every observer with its event's name and kind, in the order they were added")
    func registrations() {
        let bus = EventBus()
        let a = bus.addObserver(for: Added.self) { _ in }
        let b = bus.addObserver(for: Removed.self) { _ in }
        let c = bus.addObserver(for: Added.self) { _ in }
        let listed = bus.registrations()
        #expect(listed.map(\.name.rawValue) == ["test.added", String(reflecting: Removed.self), "test.added"])
        #expect(listed.map(\.kind) == [.block, .block, .block])
        #expect(listed.map(\.order) == listed.map(\.order).sorted())
        withExtendedLifetime((a, b, c)) {}
    }

    @Test("posts from several threads while observers come and go: every kept observer hears every post")
    func concurrent() async {
        let bus = EventBus()
        let heard = Atomic<Int>(0)
        let kept = (0..<4).map { _ in bus.addObserver(for: Added.self) { _ in heard.add(1, ordering: .relaxed) } }
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for index in 0..<2_000 {
                        if task == 0 {
                            let passing = bus.addObserver(for: Removed.self) { _ in }
                            passing.cancel()
                        }
                        bus.post(Added(id: index))
                    }
                }
            }
        }
        #expect(heard.load(ordering: .relaxed) == 4 * 2_000 * 4)
        #expect(bus.registrations().count == 4)
        withExtendedLifetime(kept) {}
    }
}
