import Downloader
import DownloaderTestSupport
import Foundation
import GRDB
import KernelEvents
import KernelStorage
import KernelTestSupport
import Testing

@Suite("Download lifecycle: cancel, queue, resume, retry, remove")
struct DownloadLifecycleTests {
    /// Waits until download `id` is in `state`.
    static func waitFor(_ state: DownloadState, id: Int64, in engine: DownloadEngine) async throws {
        try await eventually("download \(id) becomes \(state)") { try await engine.store.find(id: id)?.state == state }
    }

    @Test("cancelling a running download stops the transfer and the row says Cancelled")
    func cancelRunning() async throws {
        try await EngineHarness.with { harness in
            let item = try await harness.engine.start(harness.server.url("/drip?chunks=200&size=10&delay=20"))
            let id = try #require(item.id)
            try await Self.waitFor(.downloading, id: id, in: harness.engine)
            try await harness.engine.cancel(id: id)
            let finished = await harness.engine.waitUntilFinished(id: id)
            #expect(finished?.state == .cancelled)
            #expect(finished?.state.label == "Cancelled")
            #expect((finished?.receivedBytes ?? 0) < 2000)
        }
    }

    @Test("Retry right after Cancel, while the transfer is still stopping, downloads it again")
    func retryWhileStopping() async throws {
        try await EngineHarness.with { harness in
            let item = try await harness.engine.start(harness.server.url("/drip?chunks=20&size=10&delay=20"))
            let id = try #require(item.id)
            try await Self.waitFor(.downloading, id: id, in: harness.engine)
            try await harness.engine.cancel(id: id)
            try await harness.engine.retry(id: id)
            let finished = await harness.engine.waitUntilFinished(id: id)
            #expect(finished?.state == .completed, "the Retry was undone: \(String(describing: finished))")
            #expect(finished?.receivedBytes == 200)
        }
    }

    @Test("beyond the global limit, downloads wait as Queued and start as others end")
    func globalLimit() async throws {
        var settings = EngineHarness.settings
        settings.maxConcurrentDownloads = 1
        try await EngineHarness.with(settings: settings) { harness in
            // A first download of about a second, so that it is still running when checked on a slow (sanitized) run.
            let first = try await harness.engine.start(harness.server.url("/drip?chunks=25&size=10&delay=40"))
            let second = try await harness.engine.start(harness.server.url("/page.html"))
            #expect(try await harness.engine.store.find(id: second.id ?? 0)?.state == .queued)
            #expect(try await harness.engine.store.find(id: first.id ?? 0)?.state == .downloading)
            let done = await harness.engine.waitUntilFinished(id: second.id ?? 0)
            #expect(done?.state == .completed)
        }
    }

    @Test("the per-server limit queues a second download from the same server")
    func perServerLimit() async throws {
        var settings = EngineHarness.settings
        settings.maxDownloadsPerServer = 1
        try await EngineHarness.with(settings: settings) { harness in
            let first = try await harness.engine.start(harness.server.url("/drip?chunks=25&size=10&delay=40"))
            let second = try await harness.engine.start(harness.server.url("/page.html"))
            #expect(try await harness.engine.store.find(id: second.id ?? 0)?.state == .queued)
            _ = await harness.engine.waitUntilFinished(id: first.id ?? 0)
            #expect(await harness.engine.waitUntilFinished(id: second.id ?? 0)?.state == .completed)
        }
    }

    @Test("cancelling a queued download cancels it without a transfer")
    func cancelQueued() async throws {
        var settings = EngineHarness.settings
        settings.maxConcurrentDownloads = 1
        try await EngineHarness.with(settings: settings) { harness in
            _ = try await harness.engine.start(harness.server.url("/drip?chunks=5&size=10&delay=20"))
            let queued = try await harness.engine.start(harness.server.url("/page.html"))
            let cancelled = try await harness.engine.cancel(id: queued.id ?? 0)
            #expect(cancelled.state == .cancelled)
            #expect(!harness.server.requests.contains { $0.hasPrefix("/page.html") })
        }
    }

    @Test("an interrupted download resumes with a Range request and ends intact")
    func resumeWithRange() async throws {
        try await EngineHarness.with { harness in
            let id = try Self.interruptedRow(harness, path: "/ranged?size=1000", have: 400)
            try await harness.engine.resumeInterrupted()
            let item = try #require(await harness.engine.waitUntilFinished(id: id))
            #expect(item.state == .completed)
            #expect(harness.server.requests.contains("/ranged?size=1000 range=bytes=400-"))
            let expected = Data((0..<1000).map { UInt8(ascii: "A") + UInt8($0 % 26) })
            #expect(try harness.contents(of: item) == expected)
            #expect(item.receivedBytes == 1000 && item.totalBytes == 1000)
        }
    }

    @Test("resuming a file that is already whole gets 416 and counts as done")
    func resumeComplete() async throws {
        try await EngineHarness.with { harness in
            let id = try Self.interruptedRow(harness, path: "/ranged?size=500", have: 500)
            try await harness.engine.resumeInterrupted()
            let item = try #require(await harness.engine.waitUntilFinished(id: id))
            #expect(item.state == .completed)
            #expect(item.receivedBytes == 500)
        }
    }

    @Test("a server without Range support restarts the download from the start")
    func resumeWithoutRangeSupport() async throws {
        try await EngineHarness.with { harness in
            let id = try Self.interruptedRow(harness, path: "/page.html", have: 30)
            try await harness.engine.resumeInterrupted()
            let item = try #require(await harness.engine.waitUntilFinished(id: id))
            #expect(item.state == .completed)
            #expect(try harness.contents(of: item) == Data(LoopbackHTTPServer.page.utf8))
        }
    }

    @Test("retry runs a failed download again; remove deletes the row and its file")
    func retryAndRemove() async throws {
        try await EngineHarness.with { harness in
            let failed = try await harness.download("/status?code=500")
            let id = try #require(failed.id)
            let running = try await harness.engine.start(harness.server.url("/drip?chunks=50&size=1&delay=20"))
            let runningID = try #require(running.id)
            await #expect(throws: DownloadError.notFinished(id: runningID)) {
                try await harness.engine.remove(id: runningID)
            }
            try await harness.engine.cancel(id: runningID)
            try await harness.engine.retry(id: id)
            let again = await harness.engine.waitUntilFinished(id: id)
            #expect(again?.state == .failed)
            #expect(harness.server.requests.filter { $0.hasPrefix("/status") }.count == 2)
            let done = try await harness.download("/page.html")
            let path = harness.engine.filePath(for: done.id ?? 0)
            #expect(FileManager.default.fileExists(atPath: path))
            try await harness.engine.remove(id: done.id ?? 0)
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(try await harness.engine.store.find(id: done.id ?? 0) == nil)
        }
    }

    @Test("shutting down mid-transfer leaves the row queued, to resume on the next start")
    func shutdownLeavesQueued() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let server = try await LoopbackHTTPServer()
        let database = try FeatureDatabase.inMemory(migrations: DownloadMigrations.feature)
        let engine = try DownloadEngine(writer: database, directory: folder.path, settings: EngineHarness.settings)
        let item = try await engine.start(server.url("/drip?chunks=100&size=10&delay=20"))
        try await Self.waitFor(.downloading, id: item.id ?? 0, in: engine)
        await engine.shutdown()
        let row = try await engine.store.find(id: item.id ?? 0)
        #expect(row?.state == .queued, "\(String(describing: row))")
        await server.stop()
    }

    /// Stores a row that a previous run left downloading, with the first `have` bytes of `path` on disk.
    static func interruptedRow(_ harness: EngineHarness, path: String, have: Int) throws -> Int64 {
        let url = harness.server.url(path)
        let id = try harness.engine.store.writer.write { db -> Int64 in
            var item = DownloadItem(url: url)
            item.state = .downloading
            item.receivedBytes = Int64(have)
            item.finalURL = url
            if path.hasPrefix("/ranged") {
                let size = Int64(path.split(separator: "=").last.flatMap { Int64($0) } ?? 0)
                item.totalBytes = size
                item.validator = "\"ranged-\(size)\""
            }
            try item.insert(db)
            return item.id ?? 0
        }
        let bytes: [UInt8]
        if path.hasPrefix("/ranged") {
            bytes = (0..<have).map { UInt8(ascii: "A") + UInt8($0 % 26) }
        } else {
            bytes = Array(LoopbackHTTPServer.page.utf8.prefix(have))
        }
        try Data(bytes).write(to: URL(fileURLWithPath: harness.engine.filePath(for: id)))
        return id
    }
}
