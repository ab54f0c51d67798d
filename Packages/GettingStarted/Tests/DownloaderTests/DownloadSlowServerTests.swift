import Downloader
import DownloaderTestSupport
import Foundation
import Testing

/// Servers that trickle: never silent long enough to stall, far too slow to deserve a place others wait for.
@Suite("Slow servers and waiting downloads")
struct DownloadSlowServerTests {
    @Test(
        "four trickling servers hold every place until a fifth download waits: then one of them, and only one, gives its place up"
    )
    func trickleGivesWay() async throws {
        var settings = EngineHarness.settings
        settings.maxDownloadsPerServer = 2
        settings.minimumBytesPerSecond = 1_000
        // Judged over a minute while nobody waits (the test would time out on that), over 2 s once a download waits.
        settings.slowWindow = .seconds(60)
        settings.slowWindowWhenWaiting = .seconds(2)
        // Four servers, each at its own loopback address: four hosts to the downloads' per-server limit.
        var started: [LoopbackHTTPServer] = []
        for last in 2...5 { started.append(try await LoopbackHTTPServer(host: "127.0.0.\(last)")) }
        let servers = started
        do {
            try await Self.fifthDownloadGetsAPlace(servers: servers, settings: settings)
        } catch {
            for server in servers { await server.stop() }
            throw error
        }
        for server in servers { await server.stop() }
    }

    private static func fifthDownloadGetsAPlace(servers: [LoopbackHTTPServer], settings: DownloadSettings) async throws {
        try await EngineHarness.with(settings: settings) { harness in
            var started: [Int64] = []
            for server in servers {
                // 10 bytes a second for a minute.
                started.append(try await harness.engine.start(server.url("/drip?chunks=600&size=1&delay=100")).id ?? 0)
            }
            let slow = started
            try await Task.sleep(for: .milliseconds(2_500))
            let before = try await harness.engine.store.all()
            let runningBefore = before.filter { $0.state == .downloading }.count
            #expect(runningBefore == 4, "with nobody waiting, the trickles keep their places")
            let queuedAt = ContinuousClock.now
            let waiting = try await harness.engine.start(harness.server.url("/page.html"))
            #expect(waiting.state == .queued)
            let finished = try #require(await harness.engine.waitUntilFinished(id: waiting.id ?? 0))
            let waited = ContinuousClock.now - queuedAt
            #expect(finished.state == .completed, "\(finished.failure ?? "")")
            #expect(waited < .seconds(10), "the fifth download waited \(waited)")
            let all = try await harness.engine.store.all()
            let after = all.filter { slow.contains($0.id ?? 0) }
            let gaveWay = after.filter { $0.state == .failed }
            let stillRunning = after.filter { $0.state == .downloading }.count
            let states = after.map(\.state)
            #expect(gaveWay.count == 1 && stillRunning == 3, "one place was wanted: \(states)")
            let failure = gaveWay.first?.failure ?? ""
            // Measured since the trickle started: 2 s or a little more on a busy machine.
            #expect(
                failure.hasPrefix("The server sent less than 1 KB a second for ")
                    && failure.contains(" seconds while other downloads waited, so the download stopped to free its place."),
                "\(failure)"
            )
        }
    }

    @Test("by default never more than two downloads run from one server; a third waits for one of them")
    func twoPerServer() async throws {
        var settings = EngineHarness.settings
        settings.maxDownloadsPerServer = DownloadSettings().maxDownloadsPerServer
        #expect(settings.maxDownloadsPerServer == 2)
        try await EngineHarness.with(settings: settings) { harness in
            var started: [Int64] = []
            for _ in 0..<3 {
                started.append(try await harness.engine.start(harness.server.url("/drip?chunks=20&size=10&delay=150")).id ?? 0)
            }
            let ids = started
            // Looked at every few milliseconds until all three end: never three at once, and the third waited while two ran
            // (on a loaded machine the two need not start at once, so no single look is enough).
            var seen: [[DownloadState]] = []
            while true {
                let states = try await harness.engine.store.all().filter { ids.contains($0.id ?? 0) }.map(\.state)
                seen.append(states)
                if states.allSatisfy(\.isFinished) { break }
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(seen.allSatisfy { $0.filter { $0 == .downloading }.count <= 2 })
            let twoRunningOneWaiting = seen.contains {
                $0.filter { $0 == .downloading }.count == 2 && $0.filter { $0 == .queued }.count == 1
            }
            #expect(twoRunningOneWaiting, "\(Array(Set(seen.map { "\($0)" })))")
            for id in ids {
                let finished = await harness.engine.waitUntilFinished(id: id)
                #expect(finished?.state == .completed, "\(finished?.failure ?? "")")
            }
        }
    }
}
