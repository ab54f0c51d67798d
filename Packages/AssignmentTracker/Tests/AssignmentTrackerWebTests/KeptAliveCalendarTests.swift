import Foundation
import KernelLoopback
import Testing

@testable import AssignmentTrackerWeb

/// The calendar push to a server that lets its kept-alive connections down, the two ways a real server does.
@Suite("Calendar push on a kept-alive connection")
struct KeptAliveCalendarTests {
    @Test(
        "a calendar PUT a kept-alive connection lets down as it is reused (dropped when idle, or reset) is sent once more",
        arguments: [KeepAliveDropServer.Behaviour.dropWhenIdle, .resetOnReuse]
    )
    func letDown(_ behaviour: KeepAliveDropServer.Behaviour) async throws {
        let server = try KeepAliveDropServer(behaviour, body: "", contentType: "text/plain")
        defer { server.stop() }
        let client = HTTPCalendarTransport.makeClient()
        let transport = HTTPCalendarTransport(client: { client })
        let event = Data("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8)
        do {
            for round in 1...2 {
                // The second push starts at once, on the connection the first one left open.
                let (status, _) = try await transport.send(
                    method: "PUT",
                    url: URL(string: server.url("/calendar/assignment-\(round).ics"))!,
                    headers: [("Content-Type", "text/calendar")],
                    body: event
                )
                #expect(status == 200, "push \(round)")
            }
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
        // The second push went out on the first connection, then once more on a fresh one.
        #expect(server.connections == 2)
    }
}
