import Foundation
import GRDB
import KernelStorage

/// The address and account of a CalDAV calendar that assignments are pushed to (RS2), from the operator's config.
public struct CalendarServer: Sendable, Hashable {
    /// The calendar collection, ending in `/`: each assignment is the resource `<collection><uid>.ics`.
    public let collection: URL
    /// The user name for HTTP Basic authentication, if any.
    public let user: String?
    /// The password, read from the operator's password file.
    public let password: String?

    /// A server; `collection` gets a trailing `/` when it has none.
    public init(collection: URL, user: String? = nil, password: String? = nil) {
        let text = collection.absoluteString
        self.collection = text.hasSuffix("/") ? collection : URL(string: text + "/") ?? collection
        self.user = user
        self.password = password
    }

    /// The resource of the assignment whose calendar identity is `uid`.
    public func resource(uid: String) -> URL {
        // appendingPathComponent percent-encodes: a UID can only ever name one resource inside the collection.
        collection.appendingPathComponent(uid + ".ics")
    }

    /// The `Authorization` header's value, when there is an account.
    public var authorization: String? {
        guard let user else { return nil }
        return "Basic " + Data("\(user):\(password ?? "")".utf8).base64EncodedString()
    }
}

/// One HTTP exchange with the calendar server: what the pusher needs from an HTTP client.
public protocol CalendarTransport: Sendable {
    /// Sends `method` to `url` with `headers` and `body`, and returns the status and the response's `ETag`, if any.
    /// Throws when no answer came (the server is down or unreachable, or the time ran out).
    func send(method: String, url: URL, headers: [(String, String)], body: Data?) async throws -> (status: Int, etag: String?)
}

/// How far an assignment's event has got to the calendar server, for its page.
public enum CalendarSyncStatus: Sendable, Hashable {
    /// On the server as it is now.
    case synced(at: Date)
    /// Waiting to be sent (a change not yet pushed).
    case waiting
    /// The last try failed; another follows at `nextAttempt`.
    case retrying(error: String, attempts: Int, nextAttempt: Date)

    /// A sentence for the page.
    public var text: String {
        switch self {
        case .synced: "In your calendar."
        case .waiting: "Sending to your calendar…"
        case .retrying(let error, let attempts, _):
            "Not in your calendar yet: \(error) Tried \(attempts) \(attempts == 1 ? "time" : "times"); it will keep trying."
        }
    }
}

/// Pushes assignments to a CalDAV server: every create or edit is a `PUT` of the assignment's event, every delete a
/// `DELETE`, each conditional on the `ETag` last seen (`If-Match`; `If-None-Match: *` for a first `PUT`).
///
/// Changes are queued in `assignments_sync` inside the transaction that makes them, so nothing is lost when the host
/// stops or the server is down; ``pushDue()`` sends what is due, one lease-holding host at a time, and retries failures
/// with a doubling delay (2 s up to 10 minutes). It runs in a background service: a page never waits for the server.
public struct CalendarSync: Sendable {
    /// The database holding the assignments and the queue.
    public let writer: any DatabaseWriter
    /// The calendar server.
    public let server: CalendarServer
    /// The HTTP client.
    public let transport: any CalendarTransport
    /// The time zone events are described in.
    public let timeZone: TimeZone
    private let now: @Sendable () -> Date

    /// How long a host holds a queued change it is sending: another host may take it after that.
    public static let lease: TimeInterval = 60
    /// The longest wait between two tries.
    public static let maximumDelay: TimeInterval = 600

    /// A pusher.
    public init(
        writer: any DatabaseWriter,
        server: CalendarServer,
        transport: any CalendarTransport,
        timeZone: TimeZone = .current,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.writer = writer
        self.server = server
        self.transport = transport
        self.timeZone = timeZone
        self.now = now
    }

    /// Marks `assignment` as needing a push (or a delete), from inside the transaction that changed it. Only the local
    /// person's assignments go to the configured server: it is the calendar of whoever runs the host (each person's
    /// own server is not a setting yet).
    static func enqueue(_ assignment: Assignment, deleted: Bool, _ db: Database) throws {
        guard assignment.owner == .local else { return }
        try db.execute(
            sql: """
                INSERT INTO assignments_sync (uid, assignmentID, pending, deleted, attempts, nextAttemptAt, leaseUntil, lastError)
                VALUES (?, ?, 1, ?, 0, 0, 0, NULL)
                ON CONFLICT (uid) DO UPDATE SET pending = 1, deleted = excluded.deleted, attempts = 0, nextAttemptAt = 0,
                    lastError = NULL
                """,
            arguments: [assignment.uid, assignment.id ?? 0, deleted]
        )
    }

    /// Forgets queued deletes when no server is configured (they would otherwise pile up, one per deleted assignment).
    public static func forgetDeletes(_ writer: any DatabaseWriter) async throws {
        try await writer.write { db in
            try db.execute(
                sql: """
                    DELETE FROM assignments_sync
                    WHERE NOT EXISTS (SELECT 1 FROM assignments_assignment WHERE id = assignments_sync.assignmentID)
                    """
            )
        }
    }

    /// Queues every assignment the queue does not know yet (those made before a server was configured).
    public func enqueueUnknown() async throws {
        try await writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO assignments_sync (uid, assignmentID)
                    SELECT uid, id FROM assignments_assignment WHERE uid NOT IN (SELECT uid FROM assignments_sync)
                    """
            )
        }
    }

    /// The status of the assignment whose calendar identity is `uid`, or nil when it has never been queued.
    public func status(uid: String) async throws -> CalendarSyncStatus? {
        try await writer.read { db in try Self.status(uid: uid, db) }
    }

    static func status(uid: String, _ db: Database) throws -> CalendarSyncStatus? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM assignments_sync WHERE uid = ?", arguments: [uid]) else {
            return nil
        }
        if !(row["pending"] as Bool) {
            return .synced(at: Date(timeIntervalSince1970: row["syncedAt"] ?? 0))
        }
        if let error = row["lastError"] as String? {
            return .retrying(error: error, attempts: row["attempts"], nextAttempt: Date(timeIntervalSince1970: row["nextAttemptAt"]))
        }
        return .waiting
    }

    /// When the next queued change is due, if any.
    public func nextDue() async throws -> Date? {
        try await writer.read { db in
            try Double.fetchOne(db, sql: "SELECT MIN(max(nextAttemptAt, leaseUntil)) FROM assignments_sync WHERE pending = 1")
                .map(Date.init(timeIntervalSince1970:))
        }
    }

    /// Sends every queued change that is due, and returns how many reached the server.
    @discardableResult
    public func pushDue() async throws -> Int {
        var sent = 0
        while let claimed = try await claim() {
            if try await push(claimed) { sent += 1 }
        }
        return sent
    }

    private struct Claimed {
        var uid: String
        var assignmentID: Int64
        var deleted: Bool
        var etag: String?
        var attempts: Int
        var assignment: Assignment?
    }

    /// Takes the oldest due change for this host, for ``lease`` seconds.
    private func claim() async throws -> Claimed? {
        let moment = now().timeIntervalSince1970
        return try await writer.write { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT * FROM assignments_sync WHERE pending = 1 AND nextAttemptAt <= ? AND leaseUntil <= ?
                        ORDER BY nextAttemptAt, uid LIMIT 1
                        """,
                    arguments: [moment, moment]
                )
            else { return nil }
            let uid: String = row["uid"]
            try db.execute(sql: "UPDATE assignments_sync SET leaseUntil = ? WHERE uid = ?", arguments: [moment + Self.lease, uid])
            let id: Int64 = row["assignmentID"]
            return Claimed(
                uid: uid,
                assignmentID: id,
                deleted: row["deleted"],
                etag: row["etag"],
                attempts: row["attempts"],
                assignment: try Assignment.fetchOne(db, key: id)
            )
        }
    }

    /// Sends one change; returns whether it reached the server. A failure is written back with its next try.
    private func push(_ claimed: Claimed) async throws -> Bool {
        let url = server.resource(uid: claimed.uid)
        var headers: [(String, String)] = []
        if let authorization = server.authorization { headers.append(("Authorization", authorization)) }
        var outcome: Result<String?, PushFailure>
        if claimed.deleted || claimed.assignment == nil {
            if let etag = claimed.etag { headers.append(("If-Match", etag)) }
            outcome = await send("DELETE", url, headers, nil, accept: [200, 204, 404, 410])
            if case .failure(.changedOnServer) = outcome {
                // Changed on the server since: it is still ours to delete.
                outcome = await send("DELETE", url, headers.filter { $0.0 != "If-Match" }, nil, accept: [200, 204, 404, 410])
            }
        } else {
            let body = Data(AssignmentCalendar.single(claimed.assignment!, timeZone: timeZone).utf8)
            headers.append(("Content-Type", "text/calendar; charset=utf-8"))
            let precondition = claimed.etag.map { ("If-Match", $0) } ?? ("If-None-Match", "*")
            outcome = await send("PUT", url, headers + [precondition], body, accept: [200, 201, 204])
            if case .failure(.changedOnServer) = outcome {
                // Someone changed the event in their calendar (or it was made by an earlier try whose answer was lost):
                // the assignment here is the source, so it is written again over that copy.
                outcome = await send("PUT", url, headers, body, accept: [200, 201, 204])
            }
        }
        let moment = now()
        let delivered: Bool
        switch outcome {
        case .success(let etag):
            delivered = true
            try await writer.write(changing: { db in
                // A change made while this one was under way is still pending: only the version sent is settled.
                let current = try Row.fetchOne(
                    db,
                    sql: "SELECT deleted, leaseUntil FROM assignments_sync WHERE uid = ?",
                    arguments: [claimed.uid]
                )
                let stillSame = current.map { ($0["deleted"] as Bool) == claimed.deleted } ?? false
                if claimed.deleted || claimed.assignment == nil {
                    try db.execute(
                        sql: """
                            DELETE FROM assignments_sync
                            WHERE uid = ? AND NOT EXISTS (SELECT 1 FROM assignments_assignment WHERE id = ?)
                            """,
                        arguments: [claimed.uid, claimed.assignmentID]
                    )
                } else {
                    let changedMeanwhile = try Assignment.fetchOne(db, key: claimed.assignmentID).map { $0 != claimed.assignment } ?? true
                    try db.execute(
                        sql: """
                            UPDATE assignments_sync SET pending = ?, etag = ?, attempts = 0, nextAttemptAt = 0, leaseUntil = 0,
                                lastError = NULL, syncedAt = ? WHERE uid = ?
                            """,
                        arguments: [changedMeanwhile || !stillSame, etag, moment.timeIntervalSince1970, claimed.uid]
                    )
                }
                return Changed((), AssignmentChanged.Change.synced, id: claimed.assignmentID)
            })
        case .failure(let failure):
            delivered = false
            let attempts = claimed.attempts + 1
            let delay = min(Self.maximumDelay, pow(2, Double(min(attempts, 20))))
            try await writer.write(changing: { db in
                try db.execute(
                    sql: """
                        UPDATE assignments_sync SET attempts = ?, nextAttemptAt = ?, leaseUntil = 0, lastError = ?
                        WHERE uid = ? AND pending = 1
                        """,
                    arguments: [attempts, moment.timeIntervalSince1970 + delay, failure.description, claimed.uid]
                )
                return Changed((), AssignmentChanged.Change.synced, id: claimed.assignmentID)
            })
        }
        return delivered
    }

    private func send(
        _ method: String,
        _ url: URL,
        _ headers: [(String, String)],
        _ body: Data?,
        accept: Set<Int>
    ) async
        -> Result<String?, PushFailure>
    {
        do {
            let (status, etag) = try await transport.send(method: method, url: url, headers: headers, body: body)
            if accept.contains(status) { return .success(etag) }
            if status == 412 { return .failure(.changedOnServer) }
            if status == 401 || status == 403 { return .failure(.refused(status)) }
            return .failure(.status(status))
        } catch {
            return .failure(.unreachable)
        }
    }

    enum PushFailure: Error, CustomStringConvertible {
        case unreachable
        case changedOnServer
        case refused(Int)
        case status(Int)

        var description: String {
            switch self {
            case .unreachable: "the calendar server could not be reached."
            case .changedOnServer: "the calendar server’s copy changed meanwhile."
            case .refused(let status): "the calendar server refused the account (HTTP \(status)); check the user and password."
            case .status(let status): "the calendar server answered HTTP \(status)."
            }
        }
    }
}
