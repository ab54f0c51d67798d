import Downloader
import DownloaderTestSupport
import Foundation
import GRDB
import Kernel
import KernelEvents
import KernelStorage
import KernelTestSupport
import Testing

/// A download engine on a database file in a temporary folder and a loopback server, with short timeouts; the Kernel's
/// change feed posts its changes on `bus`, and `reader` is another connection to the file, for reading what a change
/// left as it is told (inside a bus observer, which the feed calls right after the commit).
struct EngineHarness: Sendable {
    let engine: DownloadEngine
    let server: LoopbackHTTPServer
    let bus: EventBus
    let feed: ChangeFeed
    let reader: DatabaseQueue
    let folder: TemporaryDirectory

    static let settings = DownloadSettings(
        maxConcurrentDownloads: 4,
        maxDownloadsPerServer: 4,
        maxBytes: 2_000_000,
        // A loopback connection takes no time, but a sanitizer build on a loaded machine can starve the event loop
        // for seconds; no test here waits for a connection to time out.
        connectTimeout: .seconds(10),
        // Long enough that a loaded machine running the whole suite in parallel never looks like a stalled server;
        // the stall test uses `shortStall`.
        stallTimeout: .seconds(3),
        progressInterval: .milliseconds(20)
    )

    /// The same limits with a stall timeout short enough to test quickly.
    static let shortStall = DownloadSettings(
        maxConcurrentDownloads: 4,
        maxDownloadsPerServer: 4,
        maxBytes: 2_000_000,
        connectTimeout: .seconds(10),
        stallTimeout: .milliseconds(300),
        progressInterval: .milliseconds(20)
    )

    /// Runs `test` with a fresh harness, shutting everything down afterwards.
    static func with(
        settings: DownloadSettings = settings,
        _ test: @Sendable (EngineHarness) async throws -> Void
    ) async throws {
        let folder = try TemporaryDirectory()
        let server = try await LoopbackHTTPServer()
        let bus = EventBus()
        let database = try FeatureDatabase.open(
            named: DownloadIdentity.id,
            in: folder.dataDirectory,
            migrations: DownloadMigrations.feature
        )
        let engine = try DownloadEngine(writer: database, directory: folder.path + "/files", settings: settings)
        let feed = try ChangeFeed.started(on: database, event: DownloadChanged.self, bus: bus)
        let reader = try DatabaseQueue(path: folder.dataDirectory.databasePath(named: DownloadIdentity.id))
        let harness = EngineHarness(engine: engine, server: server, bus: bus, feed: feed, reader: reader, folder: folder)
        do {
            try await test(harness)
        } catch {
            await harness.close()
            throw error
        }
        await harness.close()
    }

    private func close() async {
        await engine.shutdown()
        await server.stop()
        folder.remove()
    }

    /// Starts a download of `path` on the loopback server and waits for it to finish.
    func download(_ path: String) async throws -> DownloadItem {
        let item = try await engine.start(server.url(path))
        let finished = await engine.waitUntilFinished(id: item.id ?? 0)
        return try #require(finished)
    }

    /// The bytes of download `item`'s file.
    func contents(of item: DownloadItem) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: engine.filePath(for: item.id ?? 0)))
    }
}
