import ArgumentParser
import Foundation
import Kernel
import KernelEvents
import Logging

/// `atelier download <url>…`: downloads pages into the downloader's list, drawing a progress bar for each.
///
/// The downloads are stored like those started from the web page, so the page lists them too. The command waits
/// for every download to end and fails when any of them failed.
public struct DownloadCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Download web pages (http or https) with a progress bar for each."
    )

    /// The addresses to download.
    @Argument(help: "The addresses to download.")
    public var urls: [String] = []

    /// The size cap in megabytes.
    @Option(name: .customLong("max-mb"), help: "The largest file accepted, in megabytes (default 50).")
    public var maxMegabytes: Int64?

    @OptionGroup public var data: DataDirectoryOptions

    public init() {}

    public func run() async throws {
        guard !urls.isEmpty else { throw CommandFailure("Give at least one address to download.") }
        var settings = DownloadSettings.fromEnvironment(ProcessInfo.processInfo.environment)
        if let maxMegabytes {
            guard maxMegabytes > 0 else { throw CommandFailure("--max-mb must be a positive number of megabytes.") }
            settings.maxBytes = maxMegabytes * 1_000_000
        }
        for url in urls {
            if case .failure(let error) = DownloadURLValidation.validate(url) { throw CommandFailure("\(url): \(error)") }
        }
        let database = try data.openDatabase(featureID: DownloadIdentity.id, migrations: DownloadMigrations.feature)
        var logger = Logger(label: "downloads")
        logger.logLevel = .error
        let engine = try DownloadEngine(
            writer: database,
            directory: DownloadFiles.directory(forDatabaseAt: database.path),
            settings: settings,
            // Other downloads in the queue (the host's) are the host's to run.
            onlyOwnDownloads: true,
            logger: logger
        )
        var ids: [Int64] = []
        for url in urls { ids.append(try await engine.start(url).id ?? 0) }
        let finished = await TerminalProgressDisplay(engine: engine, ids: ids).run()
        await engine.shutdown()
        let failed = finished.filter { $0.state != .completed }
        if !failed.isEmpty {
            throw CommandFailure("\(failed.count) of \(ids.count) download(s) did not complete.")
        }
    }
}

/// Redraws the progress lines of a set of downloads until all have finished.
struct TerminalProgressDisplay {
    let engine: DownloadEngine
    let ids: [Int64]

    /// Draws until every download ends; returns the final rows.
    func run() async -> [DownloadItem] {
        let isTerminal = isatty(STDOUT_FILENO) != 0
        var tick = 0
        var drawn = 0
        while true {
            var items: [DownloadItem] = []
            for id in ids {
                if let item = try? await engine.store.find(id: id) { items.append(item) }
            }
            let done = items.count < ids.count || items.allSatisfy(\.state.isFinished)
            if isTerminal || done {
                var output = drawn > 0 ? "\u{1B}[\(drawn)A" : ""
                for item in items {
                    let label = TerminalProgressBar.label(for: item.url)
                    output += "\u{1B}[2K" + TerminalProgressBar.line(for: item, label: label, tick: tick) + "\n"
                }
                if !isTerminal { output = output.replacingOccurrences(of: "\u{1B}[2K", with: "") }
                FileHandle.standardOutput.write(Data(output.utf8))
                drawn = isTerminal ? items.count : 0
            }
            if done { return items }
            tick += 1
            try? await Task.sleep(for: .milliseconds(200))
        }
    }
}
