import ArgumentParser
import AsyncHTTPClient
import Foundation
import Kernel
import KernelEvents
import KernelText
import Logging
import NewsReader

/// `atelier news …`: the headlines from a terminal, on the same data directory as the web app. A refresh made here
/// reaches open pages of a host running on that directory.
public struct NewsCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "news",
        abstract: "Show the stored headlines, refresh them, or show one story.",
        subcommands: [Headlines.self, Show.self],
        defaultSubcommand: Headlines.self
    )

    public init() {}

    struct Headlines: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the stored headlines, newest first.")
        @OptionGroup var dataDirectory: DataDirectoryOptions
        @Flag(help: "Print JSON: [{id, headline, updated, introduction}].") var json = false
        @Flag(help: "Fetch the feed first (the stored headlines stay and are listed if that fails; the exit status is then 1).")
        var refresh = false
        @Option(help: "The feed to fetch with --refresh (default: the config file's news feed, else the brief's).")
        var feed: String?
        @Option(help: "The analytics address for --refresh's load event, or off (default: as the config file says).")
        var analytics: String?
        @Option(help: "The host's JSON config file, whose \"news\" options --refresh uses (default: $XDG_CONFIG_HOME/atelier/config.json).")
        var config: String?

        func run() async throws {
            let store = try store(dataDirectory)
            var refreshFailed = false
            if refresh {
                // The same settings as the host: the config file's, then the flags.
                var options = try FeatureConfigFile.settings(for: FeatureDescriptor.news.id, path: config).values
                options["feed"] = feed ?? options["feed"]
                options["analytics"] = analytics ?? options["analytics"]
                let settings: NewsSettings
                do { settings = try NewsSettings(options: options) } catch { throw CommandFailure(error.description) }
                if case .failed(let error) = await fetch(settings: settings, store: store) {
                    FileHandle.standardError.write(Data("Could not refresh. \(error.description)\n".utf8))
                    refreshFailed = true
                }
            }
            var headlines: [Headline] = []
            var cursor: String?
            repeat {
                let page = try await store.page(after: cursor, limit: 1_000)
                headlines += page.headlines
                cursor = page.nextCursor
            } while cursor != nil
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(headlines), as: UTF8.self))
            } else if headlines.isEmpty {
                print(Moment.words(FeedStatusLine(try await store.status()).text))
            } else {
                for headline in headlines {
                    print("\(headline.id)  \(HeadlineDate.text(headline.updated))  \(headline.headline.terminalSafe)")
                }
            }
            if refreshFailed { throw ExitCode.failure }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one story: headline, date and introduction.")
        @OptionGroup var dataDirectory: DataDirectoryOptions
        @Argument(help: "The story's id, as `atelier news headlines` shows it.") var id: String

        func run() async throws {
            guard HeadlineID.isWellFormed(id), let headline = try await store(dataDirectory).headline(id: id) else {
                throw CommandFailure("There is no story \(id.terminalSafe). `atelier news headlines` lists them.")
            }
            print(headline.headline.terminalSafe)
            print(HeadlineDate.text(headline.updated))
            print()
            print(headline.introduction.terminalSafe)
        }
    }
}

private func store(_ options: DataDirectoryOptions) throws -> SQLiteHeadlineStore {
    SQLiteHeadlineStore(writer: try options.commandContext(for: .news).database)
}

/// One fetch from the terminal, with the analytics `load` hit sent before the command exits.
private func fetch(settings: NewsSettings, store: SQLiteHeadlineStore) async -> RefreshOutcome {
    let client = HTTPFeedTransport.makeClient()
    let analytics = HTTPAnalyticsSink(
        client: client,
        base: settings.analytics,
        timeout: settings.analyticsTimeout,
        logger: Logger(label: "atelier.news")
    )
    let refresher = FeedRefresher(
        settings: settings,
        transport: HTTPFeedTransport(client: client),
        store: store,
        analytics: analytics
    )
    let outcome = await refresher.refresh()
    await analytics.flush()
    try? await client.shutdown()
    return outcome
}
