import AsyncHTTPClient
import Foundation
import GRDB
import KernelBus
import Logging
import NIOCore
import NIOPosix

/// Runs downloads in the background of the host process and keeps their rows up to date.
///
/// Downloads are queued in the database and started oldest first while fewer than
/// ``DownloadSettings/maxConcurrentDownloads`` run in all and fewer than ``DownloadSettings/maxDownloadsPerServer``
/// run from the same server. Each one streams to its own file in ``directory`` (named by the row's id). State
/// changes post ``DownloadChanged`` and progress posts ``DownloadProgress``.
///
/// Call ``resumeInterrupted()`` once at start-up to pick up downloads a previous run left, and ``shutdown()`` when
/// done: it stops running transfers, leaving them queued so the next start resumes them.
public actor DownloadEngine {
    /// The downloads' rows.
    public nonisolated let store: DownloadStore
    /// Where the downloaded files are kept.
    public nonisolated let directory: String
    /// The limits downloads run under.
    public nonisolated let settings: DownloadSettings
    private let bus: NotificationBus
    private let logger: Logger
    private var client: HTTPClient?
    private var running: [Int64: (task: Task<Void, Never>, host: String)] = [:]
    private var cancelRequested: Set<Int64> = []
    private var waiters: [Int64: [CheckedContinuation<DownloadItem?, Never>]] = [:]
    private var isShutDown = false

    /// An engine over the downloader's database `writer`, keeping files in `directory` (created if needed).
    public init(
        writer: any DatabaseWriter,
        bus: NotificationBus,
        directory: String,
        settings: DownloadSettings = DownloadSettings(),
        logger: Logger = Logger(label: "downloads")
    ) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        self.store = DownloadStore(writer: writer)
        self.bus = bus
        self.directory = directory
        self.settings = settings
        self.logger = logger
    }

    /// The path of download `id`'s file.
    public nonisolated func filePath(for id: Int64) -> String {
        (directory as NSString).appendingPathComponent("\(id).download")
    }

    /// Validates `text` as an http(s) address and queues a download of it.
    public func start(_ text: String) throws -> DownloadItem {
        let url = try DownloadURLValidation.validate(text).get()
        let item = try store.insert(url: url.absoluteString)
        DownloadNotifications.postChanged(item, on: bus)
        schedule()
        return try store.find(id: item.id ?? 0) ?? item
    }

    /// Stops download `id` if it is queued or running; its row says Cancelled.
    @discardableResult
    public func cancel(id: Int64) throws -> DownloadItem {
        guard var item = try store.find(id: id) else { throw DownloadError.notFound(id: id) }
        guard !item.state.isFinished else { return item }
        item.state = .cancelled
        item = try store.save(item)
        if let running = running[id] {
            cancelRequested.insert(id)
            running.task.cancel()
        } else {
            settle(item)
        }
        DownloadNotifications.postChanged(item, on: bus)
        return item
    }

    /// Queues a finished download again; a partial file left by a cancel or failure is resumed when possible.
    @discardableResult
    public func retry(id: Int64) throws -> DownloadItem {
        guard var item = try store.find(id: id) else { throw DownloadError.notFound(id: id) }
        guard item.state.isFinished else { throw DownloadError.notFinished(id: id) }
        if item.state == .completed {
            item.receivedBytes = 0
            DownloadFile.remove(at: filePath(for: id))
        }
        item.state = .queued
        item.failure = nil
        item = try store.save(item)
        DownloadNotifications.postChanged(item, on: bus)
        schedule()
        return item
    }

    /// Deletes a finished download's row and file.
    public func remove(id: Int64) throws {
        guard let item = try store.find(id: id) else { throw DownloadError.notFound(id: id) }
        guard item.state.isFinished else { throw DownloadError.notFinished(id: id) }
        try store.delete(id: id)
        DownloadFile.remove(at: filePath(for: id))
        DownloadNotifications.postChanged(item, on: bus, removed: true)
    }

    /// Puts downloads a previous run left running back in the queue, and starts what the limits allow.
    public func resumeInterrupted() throws {
        let count = try store.requeueInterrupted()
        if count > 0 { logger.info("Resuming \(count) interrupted download(s)") }
        schedule()
    }

    /// Waits until download `id` is completed, cancelled or failed (or removed, giving nil).
    public func waitUntilFinished(id: Int64) async -> DownloadItem? {
        guard let item = try? store.find(id: id), !item.state.isFinished else {
            return try? store.find(id: id)
        }
        return await withCheckedContinuation { continuation in
            waiters[id, default: []].append(continuation)
        }
    }

    /// Stops every running transfer (their rows go back to Queued, to resume on the next start) and closes the
    /// HTTP client. The engine starts nothing afterwards.
    public func shutdown() async {
        isShutDown = true
        let tasks = running.values.map(\.task)
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
        if let client {
            self.client = nil
            try? await client.shutdown()
        }
        for (_, continuations) in waiters { for continuation in continuations { continuation.resume(returning: nil) } }
        waiters = [:]
    }

    /// Starts queued downloads while the limits allow.
    private func schedule() {
        guard !isShutDown, running.count < settings.maxConcurrentDownloads else { return }
        let queued: [DownloadItem]
        do {
            queued = try store.queued()
        } catch {
            logger.error("Could not read the download queue: \(error)")
            return
        }
        for item in queued where running.count < settings.maxConcurrentDownloads {
            guard let id = item.id, running[id] == nil else { continue }
            let host = item.host
            let fromHost = running.values.filter { $0.host == host }.count
            guard fromHost < settings.maxDownloadsPerServer else { continue }
            launch(item, id: id, host: host)
        }
    }

    private func launch(_ queued: DownloadItem, id: Int64, host: String) {
        var item = queued
        item.state = .downloading
        item.failure = nil
        do {
            item = try store.save(item)
        } catch {
            logger.error("Could not start download \(id): \(error)")
            return
        }
        DownloadNotifications.postChanged(item, on: bus)
        let transfer = DownloadTransfer(
            client: httpClient(),
            settings: settings,
            path: filePath(for: id),
            report: { [store, bus, logger] progress in
                do {
                    try store.writer.write { db in
                        try db.execute(
                            sql: "UPDATE downloads_item SET receivedBytes = ?, totalBytes = ? WHERE id = ? AND state = ?",
                            arguments: [progress.receivedBytes, progress.totalBytes, id, DownloadState.downloading.rawValue]
                        )
                    }
                } catch {
                    logger.warning("Could not save progress of download \(id): \(error)")
                }
                DownloadNotifications.postProgress(progress, on: bus)
            }
        )
        let task = Task {
            let (outcome, item) = await transfer.run(item)
            self.finish(id: id, outcome: outcome, item: item)
        }
        running[id] = (task, host)
    }

    private func finish(id: Int64, outcome: DownloadOutcome, item transferred: DownloadItem) {
        running[id] = nil
        let cancelledByPerson = cancelRequested.remove(id) != nil
        defer { schedule() }
        var item = transferred
        switch outcome {
        case _ where cancelledByPerson:
            // A person's Cancel stands, even if the transfer happened to end another way first.
            item.state = .cancelled
        case .completed:
            item.state = .completed
        case .failed(let reason):
            item.state = .failed
            item.failure = reason
        case .cancelled:
            // Only shutdown cancels without a person asking: leave the row to resume on the next start.
            item.state = .queued
        }
        do {
            guard try store.find(id: id) != nil else { return settle(nil, id: id) }
            item = try store.save(item)
        } catch {
            logger.error("Could not save the end of download \(id): \(error)")
        }
        DownloadNotifications.postChanged(item, on: bus)
        if item.state.isFinished { settle(item) }
    }

    private func settle(_ item: DownloadItem) {
        settle(item, id: item.id ?? 0)
    }

    private func settle(_ item: DownloadItem?, id: Int64) {
        for continuation in waiters.removeValue(forKey: id) ?? [] { continuation.resume(returning: item) }
    }

    private func httpClient() -> HTTPClient {
        if let client { return client }
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: settings.maxRedirects, allowCycles: false),
            timeout: .init(
                connect: .nanoseconds(settings.connectTimeout.nanoseconds),
                read: .nanoseconds(settings.stallTimeout.nanoseconds)
            ),
            decompression: .disabled
        )
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(8, settings.maxDownloadsPerServer)
        configuration.httpVersion = .http1Only
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.client = client
        return client
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}

/// An action on a download that cannot be done.
public enum DownloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no download with that id.
    case notFound(id: Int64)
    /// The download is still queued or running.
    case notFinished(id: Int64)

    public var description: String {
        switch self {
        case .notFound: "That download is no longer in the list."
        case .notFinished: "That download is still running: cancel it first."
        }
    }
}
