import Foundation
import HummingbirdTesting
import Kernel
import KernelBus
import KernelTestSupport
import KernelWeb
import Testing

@Suite("Live events")
struct LiveEventTests {
    @Test("a forwarded notification becomes an SSE event with its user info as JSON and a toast")
    func eventFormat() {
        let note = BusNotification(name: "kernel.notice.delivered", userInfo: ["title": "Due", "body": "Essay", "id": 3])
        let wire = LiveEventHub.event(for: note).wireFormat
        #expect(wire.hasPrefix("event: kernel.notice.delivered\ndata: {"))
        #expect(wire.contains(#""toast":"Due — Essay""#))
        #expect(wire.contains(#""id":3"#))
        #expect(wire.hasSuffix("\n\n"))
    }

    @Test("only the chosen names are forwarded, to every subscriber, and a cancelled one is forgotten")
    func fanOut() async throws {
        let bus = NotificationBus()
        let hub = LiveEventHub(bus: bus, names: ["a.ping"])
        let first = hub.subscribe()
        let second = hub.subscribe()
        #expect(hub.subscriberCount == 2)
        bus.post(name: "b.ignored")
        bus.post(name: "a.ping", userInfo: ["toast": "hi"])
        for subscription in [first, second] {
            var iterator = subscription.stream.makeAsyncIterator()
            #expect(await iterator.next() == ": connected\n\n")
            let event = await iterator.next()
            #expect(event?.hasPrefix("event: a.ping\n") == true)
        }
        first.cancel()
        #expect(hub.subscriberCount == 1)
        hub.finishAll()
        #expect(hub.subscriberCount == 0)
    }

    @Test("a connected browser receives a posted notification, and its disconnect is noticed")
    func liveConnection() async throws {
        try await withTestShell(features: [SampleFeature()], setup: .live, heartbeat: .milliseconds(50)) { session, parts in
            let port = try #require(parts.port)
            let reader = try EventStreamReader(port: port)
            try await reader.waitFor(": connected")
            #expect(try await session.get("/diagnostics").text.contains(#"data-live-subscribers="1""#))
            parts.bus.post(name: SampleFeature.pinged, userInfo: ["toast": "Pinged!"])
            let received = try await reader.waitFor("Pinged!")
            #expect(received.contains("event: sample.pinged"))
            #expect(received.contains("text/event-stream"))
            reader.close()

            // The next heartbeat fails to write, and the subscriber is dropped.
            let deadline = ContinuousClock.now + .seconds(5)
            var page = try await session.get("/diagnostics").text
            while !page.contains(#"data-live-subscribers="0""#) && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
                page = try await session.get("/diagnostics").text
            }
            #expect(page.contains(#"data-live-subscribers="0""#))
        }
    }
}
