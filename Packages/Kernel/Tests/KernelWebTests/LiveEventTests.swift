import Foundation
import HummingbirdTesting
import Kernel
import KernelEvents
import KernelStorage
import KernelTestSupport
import KernelWeb
import Synchronization
import Testing

@Suite("Live events")
struct LiveEventTests {
    @Test("a forwarded message becomes an SSE event: its fields as JSON, its name, and its toast")
    func eventFormat() {
        let notice = Notice(featureID: "sample", title: "Due", body: "Essay \"5\"", link: "/x", deliverAt: .now)
        var delivered = notice
        delivered.id = 3
        let wire = LiveEventHub.event(for: NoticeDelivered(delivered)).wireFormat
        #expect(
            wire
                == "event: kernel.notice.delivered\ndata: "
                + #"{"body":"Essay \"5\"","featureID":"sample","id":3,"link":"/x","name":"kernel.notice.delivered","#
                + #""title":"Due","toast":"Due — Essay \"5\""}"# + "\n\n"
        )
    }

    @Test("a message without a toast is sent under its name alone")
    func withoutToast() {
        #expect(LiveEventHub.wireFormat(for: Ping(toast: nil)) == "event: a.ping\ndata: {\"name\":\"a.ping\"}\n\n")
    }

    /// An event the hub was not given.
    struct Ignored: BusEvent {
        static let name: EventName = "b.ignored"
    }

    @Test("only the chosen names are forwarded, to every subscriber, and a cancelled one is forgotten")
    func fanOut() async throws {
        let bus = EventBus()
        let hub = LiveEventHub(bus: bus, events: [Ping.self])
        let first = hub.subscribe()
        let second = hub.subscribe()
        #expect(hub.subscriberCount == 2)
        bus.post(Ignored())
        bus.post(Ping(toast: "hi"))
        for subscription in [first, second] {
            var iterator = subscription.stream.makeAsyncIterator()
            #expect(await iterator.next() == ": connected\n\n")
            let event = await iterator.next()
            // Under its own name for the pages that follow it, and as a toast for every page.
            let data = "data: {\"name\":\"a.ping\",\"toast\":\"hi\"}\n\n"
            #expect(event == "event: a.ping\n" + data + "event: toast\n" + data)
        }
        first.cancel()
        #expect(hub.subscriberCount == 1)
        hub.finishAll()
        #expect(hub.subscriberCount == 0)
    }

    @Test("a toast posted while no page is connected is shown once, by the next page to connect, after its greeting")
    func heldToasts() async throws {
        let bus = EventBus()
        let hub = LiveEventHub(bus: bus, events: [Ping.self])
        bus.post(Ping(toast: "while nobody looked"))
        bus.post(Ping(toast: nil))
        let next = hub.subscribe(greeting: "event: unread\ndata: {\"unread\":1}\n\n")
        var iterator = next.stream.makeAsyncIterator()
        #expect(await iterator.next() == ": connected\n\n")
        #expect(await iterator.next() == "event: unread\ndata: {\"unread\":1}\n\n")
        #expect(await iterator.next() == "event: toast\ndata: {\"name\":\"a.ping\",\"toast\":\"while nobody looked\"}\n\n")
        // Once: the page after it is not shown it again; a toast posted while a page is connected is not held.
        bus.post(Ping(toast: "live"))
        let later = hub.subscribe()
        var laterIterator = later.stream.makeAsyncIterator()
        #expect(await laterIterator.next() == ": connected\n\n")
        hub.finishAll()
        #expect(await laterIterator.next() == nil)
    }

    /// A message for one person's pages.
    struct Whispered: LiveEvent {
        static let name: EventName = "a.whispered"
        let text: String
        let audience: PersonID?
        var toast: String? { text }
    }

    @Test("a person's message reaches only their pages; everybody's reaches all; a held toast waits for its person")
    func audience() async throws {
        let bus = EventBus()
        let hub = LiveEventHub(bus: bus, events: [Whispered.self])
        let bo = PersonID(rawValue: 2)
        bus.post(Whispered(text: "for Bo, while away", audience: bo))
        let ann = hub.subscribe(for: .local)
        let bos = hub.subscribe(for: bo)
        bus.post(Whispered(text: "for Ann", audience: .local))
        bus.post(Whispered(text: "for all", audience: nil))
        hub.finishAll()
        func texts(_ subscription: LiveEventHub.Subscription) async -> [String] {
            var seen: [String] = []
            for await chunk in subscription.stream where chunk.hasPrefix("event: a.whispered") {
                seen.append(chunk.contains("for Ann") ? "for Ann" : chunk.contains("for all") ? "for all" : "for Bo")
            }
            return seen
        }
        #expect(await texts(ann) == ["for Ann", "for all"])
        var bosChunks: [String] = []
        for await chunk in bos.stream { bosChunks.append(chunk) }
        // Bo's held toast comes with Bo's first page, not Ann's; Ann's message never reaches Bo.
        #expect(bosChunks.contains { $0.contains("for Bo, while away") })
        #expect(!bosChunks.contains { $0.contains("for Ann") })
        #expect(bosChunks.contains { $0.contains("for all") })
    }

    @Test("Undo keeps each person's last deletions: one person's many deletes do not push out another's")
    func recentlyDeletedPerPerson() {
        let kept = RecentlyDeleted<String>(limit: 2)
        let bo = PersonID(rawValue: 2)
        kept.remember("Ann's", id: 1, of: .local)
        for id in Int64(10)...20 { kept.remember("Bo's \(id)", id: id, of: bo) }
        #expect(kept.take(1, of: bo) == nil)
        #expect(kept.take(1, of: .local) == "Ann's")
        #expect(kept.take(20, of: bo) == "Bo's 20" && kept.take(10, of: bo) == nil)
    }

    @Test("a page that stops reading is dropped once its stream is full; one that reads keeps every event")
    func slowReader() async throws {
        let bus = EventBus()
        let hub = LiveEventHub(bus: bus, events: [Ping.self])
        let stalled = hub.subscribe()
        let reading = hub.subscribe()
        let count = Atomic<Int>(0)
        let received = Task {
            for await chunk in reading.stream where chunk.hasPrefix("event: a.ping") { count.add(1, ordering: .relaxed) }
        }
        // In two halves, waiting for the reading page between them, so it never falls a whole buffer behind.
        let half = (LiveEventHub.bufferLimit + 10) / 2
        for _ in 0..<half { bus.post(Ping(toast: nil)) }
        try await eventually("the reading page has read the first half") { count.load(ordering: .relaxed) == half }
        for _ in half..<(LiveEventHub.bufferLimit + 10) { bus.post(Ping(toast: nil)) }
        // The stalled page's stream held "connected" and then filled up: it was dropped, not grown without end.
        try await eventually("the stalled page is dropped") { hub.subscriberCount == 1 }
        try await eventually("the reading page has read everything") {
            count.load(ordering: .relaxed) == LiveEventHub.bufferLimit + 10
        }
        var iterator = stalled.stream.makeAsyncIterator()
        var buffered = 0
        while await iterator.next() != nil { buffered += 1 }
        #expect(buffered == LiveEventHub.bufferLimit)
        hub.finishAll()
        await received.value
        #expect(count.load(ordering: .relaxed) == LiveEventHub.bufferLimit + 10)
    }

    @Test("a connected browser receives a posted notification, and its disconnect is noticed")
    func liveConnection() async throws {
        try await withTestShell(features: [SampleFeature()], setup: .live, heartbeat: .milliseconds(50)) { session, parts in
            let port = try #require(parts.port)
            let reader = try EventStreamReader(port: port)
            try await reader.waitFor(": connected")
            #expect(try await session.get("/diagnostics").text.contains(#"data-live-subscribers="1""#))
            parts.bus.post(SampleFeature.Pinged(toast: "Pinged!"))
            let received = try await reader.waitFor("Pinged!")
            #expect(received.contains("event: sample.pinged"))
            #expect(received.contains("text/event-stream"))
            reader.close()

            // The next heartbeat fails to write, and the subscriber is dropped.
            try await eventually("the dropped subscriber leaves the count", interval: .milliseconds(50)) {
                try await session.get("/diagnostics").text.contains(#"data-live-subscribers="0""#)
            }
        }
    }
}

/// A message the hub test forwards.
struct Ping: LiveEvent {
    static let name: EventName = "a.ping"
    let toast: String?
}
