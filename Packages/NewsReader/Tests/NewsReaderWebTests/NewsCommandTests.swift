import ArgumentParser
import Foundation
import KernelTestSupport
import Testing

@testable import NewsReaderLive

/// `atelier news headlines --refresh` as a person runs it beside the host: the host's config file says which feed.
@Suite("atelier news headlines --refresh")
struct NewsCommandTests {
    func run(_ arguments: [String]) async throws {
        var command = try NewsCommand.parseAsRoot(arguments)
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            try command.run()
        }
    }

    @Test("reads the feed the host's config file names, and exits non-zero when the refresh fails (the stored list stays)")
    func configuredFeedAndFailure() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let server = try await FeedServer()
        server.set("/configured.json", .json(FeedRefreshServiceTests.feed))
        let config = folder.path + "/config.json"
        let settings = #"{"news": {"feed": "\#(server.url("/configured.json"))", "analytics": "off"}}"#
        try Data(settings.utf8).write(to: URL(fileURLWithPath: config))
        let data = folder.path + "/data"
        try await run(["headlines", "--refresh", "--config", config, "--data-dir", data])
        #expect(server.requests == ["/configured.json"])
        // The feed fails now: the command says so and exits with status 1.
        server.set("/configured.json", FeedServer.Answer(status: 503))
        await #expect(throws: ExitCode.failure) {
            try await run(["headlines", "--refresh", "--config", config, "--data-dir", data])
        }
        #expect(server.requests.count == 2)
        await server.stop()
    }
}
