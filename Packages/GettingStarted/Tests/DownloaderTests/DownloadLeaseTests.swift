import Downloader
import DownloaderTestSupport
import Foundation
import GRDB
import KernelEvents
import KernelStorage
import KernelTestSupport
import Synchronization
import Testing

/// Two engines over one database file stand for two processes (the host and a CLI download), each with its own
/// connection pool, as two processes have.
@Suite("One owner per download: leases that lapse into Interrupted")
struct DownloadLeaseTests {
    static let settings = DownloadSettings(
        maxConcurrentDownloads: 4,
        maxDownloadsPerServer: 4,
        connectTimeout: .seconds(10),
        stallTimeout: .seconds(5),
        progressInterval: .milliseconds(20),
        // Long enough that a loaded CI machine, which can starve the renewal loop for well over half a second, does
        // not let a live owner's lease lapse; the tests of lapses write the lapse instead of waiting for it.
        leaseDuration: .seconds(2),
        leaseRenewal: .milliseconds(150)
    )

    /// A connection of another process to the database file in `folder`, configured as every Atelier database
    /// is, so that it waits for an engine's write (saving progress) instead of failing with "database is locked".
    static func otherConnection(_ folder: TemporaryDirectory) throws -> DatabasePool {
        try DatabasePool(
            path: folder.dataDirectory.databasePath(named: DownloadIdentity.id),
            configuration: FeatureDatabase.configuration()
        )
    }

    /// An engine of its own "process" over the database file in `folder`.
    static func engine(
        _ folder: TemporaryDirectory,
        settings: DownloadSettings = Self.settings,
        onlyOwnDownloads: Bool = false
    ) throws -> DownloadEngine {
        let pool = try FeatureDatabase.open(
            named: DownloadIdentity.id,
            in: folder.dataDirectory,
            migrations: DownloadMigrations.feature
        )
        return try DownloadEngine(
            writer: pool,
            directory: folder.path + "/files",
            settings: settings,
            onlyOwnDownloads: onlyOwnDownloads
        )
    }

    static func with(_ test: @Sendable (TemporaryDirectory, LoopbackHTTPServer) async throws -> Void) async throws {
        let folder = try TemporaryDirectory()
        let server = try await LoopbackHTTPServer()
        defer { folder.remove() }
        do {
            try await test(folder, server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// The byte at `offset` of the loopback server's `/ranged` file: a repeating alphabet.
    static func rangedByte(_ offset: Int) -> UInt8 {
        UInt8(ascii: "A") + UInt8(offset % 26)
    }

    /// Waits up to `seconds` for `condition`.
    static func eventually(_ seconds: Double = 5, _ condition: @Sendable () async throws -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(25))
        }
        return try await condition()
    }

    @Test("lease upkeep with nothing lapsed takes no write lock: it finishes while another process holds one")
    func idleUpkeepTakesNoWriteLock() async throws {
        try await Self.with { folder, _ in
            let host = try Self.engine(folder)
            // Before the upkeep looked first, it waited out the 5-second busy timeout here, then logged "database is
            // locked".
            let other = try await WriteLockHolder(path: folder.dataDirectory.databasePath(named: DownloadIdentity.id))
            let clock = ContinuousClock()
            let start = clock.now
            await host.maintainLeases()
            let took = clock.now - start
            try await other.release()
            #expect(took < .seconds(4), "the upkeep waited \(took) for the write lock (5-second busy timeout)")
            await host.shutdown()
        }
    }

    @Test("a second process starting while a download runs leaves it to its owner: one GET, and it completes")
    func noTakeOver() async throws {
        try await Self.with { folder, server in
            let cli = try Self.engine(folder)
            let item = try await cli.start(server.url("/drip?chunks=60&delay=50&size=100"))
            let id = try #require(item.id)
            #expect(item.state == .downloading)
            // The "host" starts mid-transfer and resumes what it believes was left behind.
            let host = try Self.engine(folder)
            try await host.resumeInterrupted()
            try await Task.sleep(for: .milliseconds(2_200))  // longer than a lease: the owner keeps renewing it
            let finished = await cli.waitUntilFinished(id: id)
            #expect(finished?.state == .completed, "\(finished?.failure ?? "")")
            #expect(finished?.receivedBytes == 6_000)
            #expect(server.requests.filter { $0.hasPrefix("/drip") }.count == 1, "\(server.requests)")
            #expect(try await host.store.find(id: id)?.state == .completed)
            await host.shutdown()
            await cli.shutdown()
        }
    }

    @Test("a download whose process stopped without a word is Interrupted once its lease lapses, and only then")
    func lapse() async throws {
        try await Self.with { folder, _ in
            let host = try Self.engine(folder)
            // Rows as a killed process leaves them: running with a lease not yet run out, or with none at all. (The
            // lease running out is written below rather than waited for, so a loaded machine cannot change the test.)
            let pool = try Self.otherConnection(folder)
            let live = Date().addingTimeInterval(60).timeIntervalSince1970
            try await pool.write { db in
                for (index, lease) in [live, nil, live].enumerated() {
                    try db.execute(
                        sql: """
                            INSERT INTO downloads_item (url, state, receivedBytes, createdAt, updatedAt, owner, leaseUntil)
                            VALUES (?, 'downloading', 500, '2026-11-24 06:00:00.000', '2026-11-24 06:00:00.000', 'gone', ?)
                            """,
                        arguments: ["https://example.com/\(index)", lease]
                    )
                }
            }
            await host.maintainLeases()
            #expect(try await host.store.find(id: 1)?.state == .downloading)  // not yet lapsed
            #expect(try await host.store.find(id: 2)?.state == .interrupted)  // no lease at all
            // Its owner is gone, so nobody renews the lease, and the lease runs out.
            let lapsed = Date().addingTimeInterval(-0.001).timeIntervalSince1970
            try await pool.write { db in
                try db.execute(sql: "UPDATE downloads_item SET leaseUntil = ? WHERE id = 1", arguments: [lapsed])
            }
            await host.maintainLeases()
            #expect(try await host.store.find(id: 1)?.state == .interrupted)
            #expect(try await host.store.find(id: 1)?.receivedBytes == 500)
            #expect(try await host.store.find(id: 3)?.state == .downloading)  // a live lease is never taken
            // Each one recorded in the change log, which the host's change feed posts to open pages.
            let logged = try await pool.read { db in try ChangeLog.changes(after: 0, db) }
            #expect(logged.map(\.kind) == ["interrupted", "interrupted"])
            try pool.close()
            await host.shutdown()
        }
    }

    @Test("at start-up, a download whose process is gone is resumed at once, even before its lease lapses")
    func deadOwnerAtStart() async throws {
        try await Self.with { folder, _ in
            let host = try Self.engine(folder)
            let pool = try Self.otherConnection(folder)
            let live = Date().addingTimeInterval(60).timeIntervalSince1970
            let me = ProcessInfo.processInfo.processIdentifier
            try await pool.write { db in
                // A killed host's download (no such process), and one this (live) process runs.
                for owner in ["\(Int32.max)-dead", "\(me)-alive"] {
                    try db.execute(
                        sql: """
                            INSERT INTO downloads_item (url, state, receivedBytes, createdAt, updatedAt, owner, leaseUntil)
                            VALUES ('https://127.0.0.1:9/none', 'downloading', 0, '2026-11-24 06:00:00.000', '2026-11-24 06:00:00.000', ?, ?)
                            """,
                        arguments: [owner, live]
                    )
                }
            }
            try pool.close()
            try await host.resumeInterrupted()
            #expect(try await Self.eventually { try await host.store.find(id: 1)?.state.isFinished == true })
            #expect(try await host.store.find(id: 2)?.state == .downloading)
            await host.shutdown()
        }
    }

    @Test("Resume picks an interrupted download up where it stopped, with a Range request")
    func resume() async throws {
        try await Self.with { folder, server in
            let host = try Self.engine(folder)
            let url = server.url("/ranged?size=3000")
            // What a killed download left: 1,000 bytes on disk and its row running under a lapsed lease.
            let pool = try Self.otherConnection(folder)
            try await pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO downloads_item (url, state, receivedBytes, totalBytes, validator, createdAt, updatedAt, owner, leaseUntil)
                        VALUES (?, 'downloading', 1000, 3000, '"ranged-3000"', '2026-11-24 06:00:00.000', '2026-11-24 06:00:00.000', 'gone', 0)
                        """,
                    arguments: [url]
                )
            }
            try pool.close()
            try FileManager.default.createDirectory(atPath: folder.path + "/files", withIntermediateDirectories: true)
            let partial = Data((0..<1000).map(Self.rangedByte))
            try partial.write(to: URL(fileURLWithPath: host.filePath(for: 1)))
            await host.maintainLeases()
            #expect(try await host.store.find(id: 1)?.state == .interrupted)
            try await host.retry(id: 1)
            let finished = await host.waitUntilFinished(id: 1)
            #expect(finished?.state == .completed, "\(finished?.failure ?? "")")
            #expect(server.requests == ["/ranged?size=3000 range=bytes=1000-"])
            let bytes = try Data(contentsOf: URL(fileURLWithPath: host.filePath(for: 1)))
            #expect(bytes == Data((0..<3000).map(Self.rangedByte)))
            await host.shutdown()
        }
    }

    @Test("an engine that finds its download taken from it stops the transfer and leaves the row as found")
    func lostLease() async throws {
        try await Self.with { folder, server in
            let cli = try Self.engine(folder)
            let item = try await cli.start(server.url("/drip?chunks=100&delay=50&size=100"))
            let id = try #require(item.id)
            // Another process judged the lease lapsed (as after the machine slept).
            let other = try Self.engine(folder)
            let interrupted = try await other.store.find(id: id)
            #expect(interrupted?.state == .downloading)
            let pool = try Self.otherConnection(folder)
            try await pool.write { db in
                try db.execute(sql: "UPDATE downloads_item SET state = 'interrupted', owner = NULL WHERE id = ?", arguments: [id])
            }
            try pool.close()
            let stopped = await cli.waitUntilFinished(id: id)
            #expect(stopped?.state == .interrupted)
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await other.store.find(id: id)?.state == .interrupted)
            #expect(try await other.store.find(id: id)?.receivedBytes ?? 0 < 10_000)
            await other.shutdown()
            await cli.shutdown()
        }
    }

    @Test("Cancel and Retry in another process wait for the owner's lease: never two transfers writing one file")
    func retryWaitsForTheLease() async throws {
        // Leases long enough that a loaded machine cannot let the CLI's lapse between the Cancel and the Retry.
        var longer = Self.settings
        longer.leaseDuration = .seconds(3)
        let settings = longer
        try await Self.with { folder, server in
            let cli = try Self.engine(folder, settings: settings, onlyOwnDownloads: true)
            let item = try await cli.start(server.url("/drip?chunks=100&delay=50&size=100"))
            let id = try #require(item.id)
            let host = try Self.engine(folder, settings: settings)
            try await host.resumeInterrupted()
            try await Task.sleep(for: .milliseconds(200))
            // A person cancels the CLI's download from the host's page and retries it at once, while the CLI's
            // transfer is still running and its lease is live.
            try await host.cancel(id: id)
            let retried = try await host.retry(id: id)
            #expect(retried.state == .queued)
            // The Retry's own scheduling pass has run: the host did not take the row.
            let owner = try await host.store.writer.read { db in
                try String.fetchOne(db, sql: "SELECT owner FROM downloads_item WHERE id = ?", arguments: [id])
            }
            #expect(owner != host.owner, "taken while another process held its lease")
            // Once the CLI's transfer has stopped, the download runs again, once, to the end: by the CLI (it started
            // it, and its own transfer has ended) or by the host after the lease ran out. Never by both at once.
            #expect(try await Self.eventually(20) { try await host.store.find(id: id)?.state == .completed })
            #expect(server.requests.filter { $0.hasPrefix("/drip") }.count == 2, "\(server.requests)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: host.filePath(for: id)))
            #expect(bytes == Data(repeating: UInt8(ascii: "d"), count: 10_000))
            await host.shutdown()
            await cli.shutdown()
        }
    }

    @Test("a download its owner finished can be retried elsewhere at once: the end gives the lease up")
    func finishedGivesUpTheLease() async throws {
        // A lease far longer than the test, so only its release can let the Retry start at once.
        var longer = Self.settings
        longer.leaseDuration = .seconds(60)
        let settings = longer
        try await Self.with { folder, server in
            let cli = try Self.engine(folder, settings: settings)
            let id = try #require(try await cli.start(server.url("/ranged?size=500")).id)
            #expect(await cli.waitUntilFinished(id: id)?.state == .completed)
            // The CLI command exits once its download ends (so it cannot take up the Retry itself).
            await cli.shutdown()
            let host = try Self.engine(folder, settings: settings)
            try await host.retry(id: id)
            // Started by the Retry itself, not held back until the finished transfer's lease would have run out.
            #expect(try await host.store.find(id: id)?.state != .queued)
            #expect(await host.waitUntilFinished(id: id)?.state == .completed)
            #expect(server.requests.filter { $0.hasPrefix("/ranged") }.count == 2)
            await host.shutdown()
        }
    }

    @Test("a CLI download runs only its own downloads, leaving the rest of the queue to the host")
    func cliRunsItsOwn() async throws {
        try await Self.with { folder, server in
            let host = try Self.engine(folder)
            let pool = try Self.otherConnection(folder)
            try await pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO downloads_item (url, state, receivedBytes, createdAt, updatedAt)
                        VALUES (?, 'queued', 0, '2026-11-24 06:00:00.000', '2026-11-24 06:00:00.000')
                        """,
                    arguments: [server.url("/ranged?size=100")]
                )
            }
            try pool.close()
            let cli = try Self.engine(folder, onlyOwnDownloads: true)
            let own = try #require(try await cli.start(server.url("/ranged?size=200")).id)
            #expect(await cli.waitUntilFinished(id: own)?.state == .completed)
            #expect(try await host.store.find(id: 1)?.state == .queued)
            #expect(server.requests == ["/ranged?size=200 range=-"])
            await cli.shutdown()
            await host.shutdown()
        }
    }
}
