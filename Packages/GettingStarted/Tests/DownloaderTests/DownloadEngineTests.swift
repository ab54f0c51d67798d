import Downloader
import DownloaderTestSupport
import Foundation
import GRDB
import KernelEvents
import KernelLoopback
import Synchronization
import Testing

@Suite("Download engine against a loopback server")
struct DownloadEngineTests {
    @Test("a page with Content-Length completes with its size and type")
    func pageWithLength() async throws {
        try await EngineHarness.with { harness in
            let item = try await harness.download("/page.html")
            #expect(item.state == .completed)
            #expect(item.totalBytes == Int64(LoopbackHTTPServer.page.utf8.count))
            #expect(item.receivedBytes == item.totalBytes)
            #expect(item.contentType == "text/html; charset=utf-8")
            #expect(try harness.contents(of: item) == Data(LoopbackHTTPServer.page.utf8))
        }
    }

    @Test("a chunked page without Content-Length completes, its total learnt at the end")
    func pageWithoutLength() async throws {
        try await EngineHarness.with { harness in
            let item = try await harness.download("/chunked.html")
            #expect(item.state == .completed)
            #expect(item.totalBytes == Int64(LoopbackHTTPServer.page.utf8.count))
        }
    }

    @Test("a slow drip saves throttled progress with the total, each step announced, then completes")
    func dripProgress() async throws {
        try await EngineHarness.with { harness in
            let seen = Mutex<[(Int64, Int64?)]>([])
            let observation = harness.bus.addObserver(for: DownloadChanged.self) { change in
                guard change.change == .progress, let id = change.ids.first,
                    let item = try? harness.reader.read({ db in try DownloadItem.fetchOne(db, key: id) })
                else { return }
                seen.withLock { $0.append((item.receivedBytes, item.totalBytes)) }
            }
            let item = try await harness.download("/drip?chunks=8&size=100&delay=40")
            observation.cancel()
            #expect(item.state == .completed)
            #expect(item.receivedBytes == 800)
            let updates = seen.withLock { $0 }
            // Progress shows along the way, not only at the end. (How many updates depends on how the reads
            // bunch up: under ThreadSanitizer the eight chunks have arrived in two reads.)
            #expect(updates.contains { $0.0 < 800 })
            #expect(updates.count < 40)
            #expect(updates.allSatisfy { $0.1 == 800 })
            #expect(updates.map(\.0) == updates.map(\.0).sorted())
        }
    }

    @Test("a drip without Content-Length reports bytes so far with no total")
    func dripUnknownTotal() async throws {
        try await EngineHarness.with { harness in
            let totals = Mutex<[Int64?]>([])
            let observation = harness.bus.addObserver(for: DownloadChanged.self) { change in
                guard change.change == .progress, let id = change.ids.first,
                    let item = try? harness.reader.read({ db in try DownloadItem.fetchOne(db, key: id) })
                else { return }
                totals.withLock { $0.append(item.totalBytes) }
            }
            let item = try await harness.download("/drip-unknown?chunks=5&size=50&delay=30")
            observation.cancel()
            #expect(item.state == .completed)
            #expect(item.receivedBytes == 250)
            #expect(totals.withLock { $0 }.contains { $0 == nil })
        }
    }

    @Test("a large file streams to disk intact")
    func largeFile() async throws {
        try await EngineHarness.with { harness in
            let item = try await harness.download("/bytes?size=1500000")
            #expect(item.state == .completed)
            #expect(item.receivedBytes == 1_500_000)
            #expect(try harness.contents(of: item).count == 1_500_000)
        }
    }

    @Test("a file over the size cap fails with the reason, whether announced or not, and leaves no partial file")
    func sizeCap() async throws {
        try await EngineHarness.with { harness in
            let announced = try await harness.download("/bytes?size=3000000")
            #expect(announced.state == .failed)
            #expect(announced.failure == "The file is 3 MB, over the 2 MB size limit.")
            let unannounced = try await harness.download("/drip-unknown?chunks=30&size=100000&delay=1")
            #expect(unannounced.state == .failed)
            #expect(unannounced.failure == "The file grew past the 2 MB size limit.")
            // Nothing of it is left on disk, and its file is its owner's alone while it lives.
            #expect(!FileManager.default.fileExists(atPath: harness.engine.filePath(for: unannounced.id ?? 0)))
            let kept = try await harness.download("/page.html")
            let mode = try FileManager.default.attributesOfItem(atPath: harness.engine.filePath(for: kept.id ?? 0))[.posixPermissions]
            #expect((mode as? Int).map { $0 & 0o777 } == 0o600)
        }
    }

    @Test("redirects are followed and the final address kept")
    func redirects() async throws {
        try await EngineHarness.with { harness in
            let item = try await harness.download("/redirect?hops=3")
            #expect(item.state == .completed)
            #expect(item.finalURL == harness.server.url("/page.html"))
        }
    }

    @Test("more than ten redirects, or a loop, fail in words")
    func redirectLimits() async throws {
        try await EngineHarness.with { harness in
            let tooMany = try await harness.download("/redirect?hops=12")
            #expect(tooMany.state == .failed)
            #expect(tooMany.failure == "The server redirected more than 10 times.")
            let loop = try await harness.download("/loop")
            #expect(loop.state == .failed)
            #expect(loop.failure == "The server redirects in a loop.")
        }
    }

    @Test("404 and 500 fail with the HTTP status")
    func errorStatuses() async throws {
        try await EngineHarness.with { harness in
            let missing = try await harness.download("/status?code=404")
            #expect(missing.state == .failed)
            #expect(missing.failure == "The server answered 404 Not Found.")
            let broken = try await harness.download("/status?code=500")
            #expect(broken.failure == "The server answered 500 Internal Server Error.")
        }
    }

    @Test("a connection closed mid-body fails, saying how much arrived")
    func resetMidBody() async throws {
        try await EngineHarness.with { harness in
            let item = try await harness.download("/reset")
            #expect(item.state == .failed)
            let failure = try #require(item.failure)
            #expect(failure == "The server closed the connection before the download finished. Got 100 bytes of 1 KB.")
        }
    }

    @Test("a body that stalls fails after the stall timeout")
    func stall() async throws {
        try await EngineHarness.with(settings: EngineHarness.shortStall) { harness in
            let item = try await harness.download("/stall")
            #expect(item.state == .failed)
            #expect(item.failure?.hasPrefix("The server stopped sending data for 0.3 seconds.") == true)
        }
    }

    @Test("a server that trickles (a byte now and then, never silent) gives its place up; a small slow file gets through")
    func trickle() async throws {
        var settings = EngineHarness.settings
        settings.minimumBytesPerSecond = 1_000
        settings.slowWindow = .seconds(2)
        try await EngineHarness.with(settings: settings) { harness in
            // 200 bytes a second for 5 s: never silent long enough to stall, far too slow to keep its place.
            let slow = try await harness.download("/drip?chunks=100&size=10&delay=50")
            #expect(slow.state == .failed)
            #expect(slow.receivedBytes < 1_000, "stopped before the server finished")
            let failure = try #require(slow.failure)
            #expect(failure.hasPrefix("The server sent less than 1 KB a second for 2 seconds"), "\(failure)")
            #expect(failure.contains("Retry goes on from here") && slow.receivedBytes > 0)
            // 30 bytes at 100 bytes a second: slow, but whole within one window, so it is never judged.
            let small = try await harness.download("/drip?chunks=3&size=10&delay=100")
            #expect(small.state == .completed && small.receivedBytes == 30)
        }
    }

    @Test("a connection the server closes before answering (a kept-alive one it just dropped) is tried once more")
    func closedBeforeAnswer() async throws {
        try await EngineHarness.with { harness in
            let item = try await harness.download("/close-first")
            #expect(item.state == .completed, "\(item.failure ?? "")")
            #expect(try harness.contents(of: item) == Data(LoopbackHTTPServer.page.utf8))
            #expect(harness.server.requests.filter { $0.hasPrefix("/close-first ") }.count == 2)
        }
    }

    @Test(
        "a kept-alive connection the server lets down as it is reused (dropped when idle, or reset) is tried once more",
        arguments: [KeepAliveDropServer.Behaviour.dropWhenIdle, .resetOnReuse]
    )
    func keptAliveConnectionLetDown(_ behaviour: KeepAliveDropServer.Behaviour) async throws {
        let server = try KeepAliveDropServer(behaviour)
        defer { server.stop() }
        try await EngineHarness.with { harness in
            for round in 1...2 {
                // The second download starts at once, on the connection the first one left open.
                let item = try await harness.engine.start(server.url("/page-\(round).html"))
                let finished = try #require(await harness.engine.waitUntilFinished(id: item.id ?? 0))
                try #require(finished.state == .completed, "download \(round): \(finished.failure ?? "")")
                #expect(try harness.contents(of: finished) == Data(KeepAliveDropServer.page.utf8))
            }
            // The second download went out on the first connection (else it could not have failed before the retry),
            // then once more on a fresh one: two connections in all, no more tries.
            #expect(server.connections == 2)
        }
    }

    @Test("a refused connection fails in words")
    func refused() async throws {
        try await EngineHarness.with { harness in
            let item = try await harness.engine.start("http://127.0.0.1:1/page.html")
            let finished = await harness.engine.waitUntilFinished(id: item.id ?? 0)
            #expect(finished?.state == .failed)
            #expect(finished?.failure == "The server refused the connection.")
        }
    }

    @Test("a non-HTML type downloads and records its type")
    func nonHTML() async throws {
        try await EngineHarness.with { harness in
            let item = try await harness.download("/image.png")
            #expect(item.state == .completed)
            #expect(item.contentType == "image/png")
        }
    }

    @Test("only http and https addresses are accepted")
    func schemes() async throws {
        try await EngineHarness.with { harness in
            await #expect(throws: DownloadURLError.unsupportedScheme("ftp")) {
                try await harness.engine.start("ftp://example.com/a")
            }
            await #expect(throws: DownloadURLError.empty) { try await harness.engine.start("  ") }
            let stored = try await harness.engine.store.all()
            #expect(stored.isEmpty)
        }
    }
}
