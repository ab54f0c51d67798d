import Foundation
import GRDB
import Synchronization
import Testing

@testable import AssignmentTracker

/// A calendar server in memory that answers as CalDAV does (ETags, If-Match, If-None-Match), or is down.
final class FakeCalendarServer: CalendarTransport, Sendable {
    struct State {
        var events: [String: (body: String, etag: String)] = [:]
        var isDown = false
        var requests: [(method: String, path: String, headers: [String: String])] = []
        var version = 0
    }

    let state = Mutex(State())

    func send(method: String, url: URL, headers: [(String, String)], body: Data?) async throws -> (status: Int, etag: String?) {
        try state.withLock { state in
            let fields = Dictionary(headers, uniquingKeysWith: { a, _ in a })
            state.requests.append((method, url.path, fields))
            if state.isDown { throw URLError(.cannotConnectToHost) }
            let current = state.events[url.path]
            if let match = fields["If-Match"], current?.etag != match { return (412, nil) }
            if fields["If-None-Match"] == "*", current != nil { return (412, nil) }
            switch method {
            case "PUT":
                state.version += 1
                let etag = "\"v\(state.version)\""
                state.events[url.path] = (String(decoding: body ?? Data(), as: UTF8.self), etag)
                return (current == nil ? 201 : 204, etag)
            case "DELETE":
                guard current != nil else { return (404, nil) }
                state.events[url.path] = nil
                return (204, nil)
            default:
                return (405, nil)
            }
        }
    }

    var events: [String: (body: String, etag: String)] { state.withLock { $0.events } }
}

@Suite("Pushing assignments to a calendar server")
struct CalendarSyncTests {
    let server = CalendarServer(collection: URL(string: "http://calendar.test/dav/student/assignments")!, user: "student", password: "pw")

    func pusher(_ databases: TestDatabases, _ fake: FakeCalendarServer) -> CalendarSync {
        CalendarSync(
            writer: databases.feature,
            server: server,
            transport: fake,
            timeZone: london,
            now: databases.clock.now
        )
    }

    @Test("create, edit and delete become PUT (If-None-Match, then If-Match with the ETag) and DELETE")
    func lifecycle() async throws {
        let databases = try TestDatabases()
        defer { databases.remove() }
        let fake = FakeCalendarServer()
        let sync = pusher(databases, fake)
        let assignment = try await databases.repository.add(try assignmentInput())
        let path = "/dav/student/assignments/\(assignment.uid).ics"
        #expect(try await sync.status(uid: assignment.uid) == .waiting)
        #expect(try await sync.pushDue() == 1)
        #expect(fake.events[path]?.body.contains("SEQUENCE:0\r\n") == true)
        #expect(try await sync.status(uid: assignment.uid) == .synced(at: databases.clock.now()))
        try await databases.repository.update(id: assignment.id!, with: try assignmentInput(name: "Edited"))
        #expect(try await sync.pushDue() == 1)
        #expect(fake.events[path]?.body.contains("SEQUENCE:1\r\n") == true)
        try await databases.repository.delete(id: assignment.id!)
        #expect(try await sync.pushDue() == 1)
        #expect(fake.events.isEmpty)
        #expect(try await sync.status(uid: assignment.uid) == nil)
        let requests = fake.state.withLock { $0.requests }
        #expect(requests.map(\.method) == ["PUT", "PUT", "DELETE"])
        #expect(requests[0].headers["If-None-Match"] == "*")
        #expect(requests[1].headers["If-Match"] == "\"v1\"")
        #expect(requests[2].headers["If-Match"] == "\"v2\"")
        #expect(requests.allSatisfy { $0.headers["Authorization"] == "Basic c3R1ZGVudDpwdw==" })
    }

    @Test("while the server is down the change waits, retried with a doubling delay, and is delivered once it is back")
    func serverDown() async throws {
        let databases = try TestDatabases()
        defer { databases.remove() }
        let fake = FakeCalendarServer()
        fake.state.withLock { $0.isDown = true }
        let sync = pusher(databases, fake)
        let assignment = try await databases.repository.add(try assignmentInput())
        let start = databases.clock.now()
        #expect(try await sync.pushDue() == 0)
        guard case .retrying(_, let attempts, let next)? = try await sync.status(uid: assignment.uid) else {
            Issue.record("not retrying")
            return
        }
        #expect(attempts == 1 && next == start.addingTimeInterval(2))
        #expect(try await sync.pushDue() == 0)  // not due yet: nothing sent
        #expect(fake.state.withLock { $0.requests.count } == 1)
        databases.clock.set(start.addingTimeInterval(2))
        #expect(try await sync.pushDue() == 0)
        #expect(try await sync.nextDue() == start.addingTimeInterval(2 + 4))
        fake.state.withLock { $0.isDown = false }
        databases.clock.set(start.addingTimeInterval(6))
        #expect(try await sync.pushDue() == 1)
        #expect(fake.events.count == 1)
        #expect(try await sync.nextDue() == nil)
    }

    @Test("an event changed in someone's calendar app is written over: the assignment here is the source")
    func changedOnServer() async throws {
        let databases = try TestDatabases()
        defer { databases.remove() }
        let fake = FakeCalendarServer()
        let sync = pusher(databases, fake)
        let assignment = try await databases.repository.add(try assignmentInput())
        try await sync.pushDue()
        let path = "/dav/student/assignments/\(assignment.uid).ics"
        fake.state.withLock { $0.events[path] = ("edited elsewhere", "\"other\"") }
        try await databases.repository.update(id: assignment.id!, with: try assignmentInput(name: "Mine"))
        #expect(try await sync.pushDue() == 1)
        #expect(fake.events[path]?.body.contains("SUMMARY:Mobile Development: Mine due") == true)
    }

    @Test("a change held by another host's lease is left alone until the lease lapses")
    func lease() async throws {
        let databases = try TestDatabases()
        defer { databases.remove() }
        let fake = FakeCalendarServer()
        let assignment = try await databases.repository.add(try assignmentInput())
        let until = databases.clock.now().addingTimeInterval(CalendarSync.lease).timeIntervalSince1970
        try await databases.feature.write { db in
            try db.execute(sql: "UPDATE assignments_sync SET leaseUntil = ? WHERE uid = ?", arguments: [until, assignment.uid])
        }
        let sync = pusher(databases, fake)
        #expect(try await sync.pushDue() == 0)
        databases.clock.set(Date(timeIntervalSince1970: until))
        #expect(try await sync.pushDue() == 1)
    }

    @Test("assignments made before a server was configured are queued when it is")
    func unknown() async throws {
        let databases = try TestDatabases()
        defer { databases.remove() }
        try await databases.repository.add(try assignmentInput())
        try await databases.feature.write { db in try db.execute(sql: "DELETE FROM assignments_sync") }
        let fake = FakeCalendarServer()
        let sync = pusher(databases, fake)
        #expect(try await sync.pushDue() == 0)
        try await sync.enqueueUnknown()
        #expect(try await sync.pushDue() == 1)
    }
}
