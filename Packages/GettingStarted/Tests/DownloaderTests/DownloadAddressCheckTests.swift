import AsyncHTTPClient
import DownloaderTestSupport
import Foundation
import KernelHTTPClient
import Synchronization
import Testing

@testable import Downloader

@Suite("Downloads for a host on the network: public addresses only, in every spelling, on every hop")
struct PublicAddressCheckTests {
    @Test("loopback, private, link-local and reserved addresses are not public; internet addresses are")
    func addresses() {
        for address in [
            "127.0.0.1", "127.255.0.9", "0.0.0.0", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1",
            "169.254.169.254", "100.64.0.1", "224.0.0.1", "255.255.255.255", "198.18.0.1", "::1", "::",
            "::ffff:127.0.0.1", "::ffff:10.0.0.1", "fe80::1", "fe80::1%eth0", "fc00::1", "fd12:3456::1", "ff02::1",
            "64:ff9b::7f00:1", "2002:7f00:1::", "2001:db8::1", "not an address",
        ] {
            #expect(!PublicAddressCheck.isPublic(address), "\(address)")
        }
        for address in ["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "2a00:1450::1", "::ffff:8.8.8.8"] {
            #expect(PublicAddressCheck.isPublic(address), "\(address)")
        }
    }

    @Test("every spelling of loopback is caught once resolved: decimal, hex, octal, short, IPv6-mapped, 0.0.0.0, localhost")
    func spellings() async throws {
        for text in [
            "http://127.0.0.1/", "http://2130706433/", "http://0x7f000001/", "http://0x7f.1/", "http://017700000001/",
            "http://0177.0.0.1/", "http://127.1/", "http://0.0.0.0:8080/", "http://0/", "http://localhost/",
            "http://LOCALHOST./", "http://[::1]/", "http://[::ffff:127.0.0.1]/", "http://[0:0:0:0:0:ffff:7f00:1]/",
            "http://169.254.169.254/latest/meta-data/",
        ] {
            let url = try #require(URL(string: text))
            await #expect(throws: PublicAddressRefused.self, "\(text)") { try await PublicAddressCheck.requirePublic(url) }
        }
    }

    @Test("the refusal says why, in words")
    func message() {
        let refused = PublicAddressRefused(host: "rebound.example", address: "127.0.0.1")
        #expect(
            refused.description
                == "rebound.example resolves to 127.0.0.1, an address on this machine or a private network. This Atelier can be reached from the network, so it downloads only from public addresses."
        )
    }

    @Test("a name that does not resolve is refused, not left for a second lookup to answer otherwise")
    func unresolvedFailsClosed() async throws {
        let url = try #require(URL(string: "http://no-such-host.invalid/page.html"))
        let error = await #expect(throws: PublicAddressRefused.self) { try await PublicAddressCheck.requirePublic(url) }
        #expect(error?.description == "Could not find the server no-such-host.invalid: its name does not resolve.")
    }

    /// Runs one transfer of `path` from `http://rebinding.test:<port>` with public addresses only, where the name
    /// resolves, through the check alone, to `addresses` (taken for public ones: they stand for a server on the
    /// internet), and `rebinding.test` has no answer in the system's resolver. Gives how it ended, the file's text, the
    /// names looked up and the requests the server received.
    static func pinnedTransfer(
        _ path: String,
        addresses: [String]
    ) async throws -> (outcome: DownloadOutcome, item: DownloadItem, file: String?, lookups: [String], requests: Int) {
        let server = try await LoopbackHTTPServer()
        let directory = FileManager.default.temporaryDirectory.appending(path: "pinned-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let lookups = Mutex<[String]>([])
        var settings = EngineHarness.settings
        settings.publicAddressesOnly = true
        // These tests are about where the connection goes, not about stalls: a loaded machine running the whole suite
        // at once has held a loopback answer past 3 s, and once past 10 s, while every test of the run took 14 s.
        settings.stallTimeout = .seconds(60)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: DownloadTransfer.clientConfiguration(settings))
        var transfer = DownloadTransfer(client: client, settings: settings, path: directory.appending(path: "file").path, report: { _ in })
        transfer.resolve = { name in
            lookups.withLock { $0.append(name) }
            return name == "rebinding.test" ? addresses : []
        }
        transfer.isPublic = { addresses.contains($0) }
        let (outcome, item) = await transfer.run(DownloadItem(url: "http://rebinding.test:\(server.port)\(path)"))
        try await client.shutdown()
        let requests = server.requests.count
        await server.stop()
        let file = try? String(contentsOf: directory.appending(path: "file"), encoding: .utf8)
        return (outcome, item, file, lookups.withLock { $0 }, requests)
    }

    @Test("the connection goes to the address the check judged: the name is not looked up again (DNS rebinding)")
    func connectsToTheCheckedAddress() async throws {
        // Only a connection to the checked address reaches the server: the system's resolver has no answer.
        let result = try await Self.pinnedTransfer("/redirect?hops=2", addresses: ["127.0.0.1"])
        #expect(result.outcome == .completed)
        #expect(result.item.finalURL?.hasSuffix("/page.html") == true)
        #expect(result.file == LoopbackHTTPServer.page)
        // One lookup a hop, each checked before its request.
        #expect(result.lookups == ["rebinding.test", "rebinding.test", "rebinding.test"])
        #expect(result.requests == 3)
    }

    @Test("a server whose first checked address does not answer is reached at the next one")
    func triesTheNextCheckedAddress() async throws {
        // The server listens on 127.0.0.1 only: ::1 refuses (or has no route), as an IPv6 address would on a network
        // without IPv6.
        let result = try await Self.pinnedTransfer("/page.html", addresses: ["::1", "127.0.0.1"])
        #expect(result.outcome == .completed)
        #expect(result.file == LoopbackHTTPServer.page)
        #expect(result.lookups == ["rebinding.test"])
    }

    @Test("with public addresses only, a loopback download fails with the reason and the server sees no request")
    func refusedDownload() async throws {
        var settings = EngineHarness.settings
        settings.publicAddressesOnly = true
        try await EngineHarness.with(settings: settings) { harness in
            let item = try await harness.download("/page.html")
            #expect(item.state == .failed)
            #expect(item.failure?.contains("an address on this machine or a private network") == true)
            #expect(harness.server.requests.isEmpty)
        }
    }

    @Test("a redirect to loopback from an allowed server is refused before it is followed")
    func refusedRedirect() async throws {
        var settings = EngineHarness.settings
        settings.publicAddressesOnly = true
        // The first server stands for a public one: allowed by name.
        settings.allowedPrivateHosts = ["127.0.0.1"]
        try await EngineHarness.with(settings: settings) { harness in
            let port = try #require(URL(string: harness.server.url("/"))?.port)
            let target = "http://localhost:\(port)/page.html"
            let item = try await harness.download("/redirect-to?location=\(target)")
            #expect(item.state == .failed)
            #expect(item.failure?.hasPrefix("localhost resolves to") == true, "\(item.failure ?? "")")
            #expect(harness.server.requests.count == 1, "only the redirecting request: \(harness.server.requests)")
            // Relative redirects on the allowed server are followed.
            let allowed = try await harness.download("/redirect?hops=3")
            #expect(allowed.state == .completed)
        }
    }
}
