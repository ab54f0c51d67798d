import DownloaderTestSupport
import Foundation
import Kernel
import KernelStorage
import KernelTestSupport
import Testing

@testable import Downloader

@Suite("atelier download")
struct DownloadCommandTests {
    @Test("downloads every address into the feature's list and files")
    func downloadsIntoTheList() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let server = try await LoopbackHTTPServer()
        let command = try DownloadCommand.parse([
            server.url("/page.html"), server.url("/chunked.html"), "--data-dir", folder.path,
        ])
        try await command.run()
        await server.stop()
        let database = try FeatureDatabase.open(
            named: DownloadIdentity.id,
            in: folder.dataDirectory,
            migrations: DownloadMigrations.feature
        )
        let items = try await DownloadStore(writer: database).all()
        #expect(items.map(\.state) == [.completed, .completed])
        let file = (folder.path as NSString).appendingPathComponent("downloads/\(items[0].id ?? 0).download")
        #expect(FileManager.default.fileExists(atPath: file))
    }

    @Test("fails with a message when a download fails or an address is refused")
    func failures() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let server = try await LoopbackHTTPServer()
        let failing = try DownloadCommand.parse([server.url("/status?code=404"), "--data-dir", folder.path])
        await #expect(throws: CommandFailure.self) { try await failing.run() }
        let refused = try DownloadCommand.parse(["ftp://example.com/x", "--data-dir", folder.path])
        await #expect(throws: CommandFailure.self) { try await refused.run() }
        await server.stop()
    }

    @Test("the progress bar fills with the fraction, and bounces when the size is unknown")
    func progressBar() {
        var item = DownloadItem(url: "https://example.com/a.html")
        item.state = .downloading
        item.receivedBytes = 500
        item.totalBytes = 1000
        let half = TerminalProgressBar.line(for: item, label: "a", tick: 0)
        #expect(half == "[############------------] a 500 bytes of 1 KB 50%")
        item.totalBytes = nil
        #expect(TerminalProgressBar.line(for: item, label: "a", tick: 2) == "[--<=>-------------------] a 500 bytes")
        item.state = .failed
        item.failure = "The server answered 404 Not Found."
        #expect(TerminalProgressBar.line(for: item, label: "a", tick: 0).hasSuffix("a Failed: The server answered 404 Not Found."))
    }
}
