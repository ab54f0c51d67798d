import AsyncHTTPClient
import Foundation
import GRDB
import Kernel
import KernelEvents
import KernelStorage
import Logging
import NIOCore
import NIOPosix

/// Runs downloads in the background of the host process and keeps their rows up to date.
///
/// Downloads are queued in the database and started oldest first while fewer than
/// ``DownloadSettings/maxConcurrentDownloads`` run in all and fewer than ``DownloadSettings/maxDownloadsPerServer``
/// run from the same server. While a queued download waits for a place, a running one that trickles is judged over
/// the shorter ``DownloadSettings/slowWindowWhenWaiting`` and gives its place up: one for each download waiting.
/// Each one streams to its own file in ``directory`` (named by the row's id). Every change of state, and the progress
/// saved along the way, is recorded in the change log, which the Kernel's change feed posts as ``DownloadChanged``.
///
/// Every running download has exactly one owner: the engine that started it, named in its row with a lease
/// (``DownloadSettings/leaseDuration``) that the engine renews every ``DownloadSettings/leaseRenewal``. Starting a row
/// is a claim that only one process wins; no engine takes over a live lease. An engine also marks Interrupted every
/// download whose lease lapsed (its process was stopped by Ctrl-C, kill or a crash), so every page and the CLI say so
/// within a few seconds, with Resume; and an engine that finds it no longer owns a download (a lapse while the
/// machine slept) stops its transfer.
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
    /// Whether this engine runs only the downloads started (or retried) through it, leaving the rest of the queue to
    /// the host: what a CLI command that exits when its own downloads end wants.
    public nonisolated let onlyOwnDownloads: Bool
    /// The downloads started or retried through this engine.
    var startedHere: Set<Int64> = []
    let logger: Logger
    var client: HTTPClient?
    var running: [Int64: (task: Task<Void, Never>, host: String)] = [:]
    var cancelRequested: Set<Int64> = []
    var waiters: [Int64: [CheckedContinuation<DownloadItem?, Never>]] = [:]
    var isShutDown = false
    var launching: Set<Int64> = []
    var scheduleAgain = false
    /// How many queued downloads wait for a place that a slow one could give up (as the last scheduling pass found,
    /// less the places given up since): taken by running transfers.
    nonisolated let waitingForPlace = WaitingDownloads()
    /// The scheduling pass under way, if any.
    var schedulingTask: Task<Void, Never>?
    /// This engine's name in the rows it owns: the process and a random part, unique per engine.
    public nonisolated let owner = "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
    /// Renews this engine's leases and interrupts lapsed ones, from the first start until shutdown: a loop that sleeps
    /// until the next thing it has to do (see ``maintainLeases()``) or a wake (``downloadsChanged()``).
    var leaseTask: Task<Void, Never>?
    nonisolated let leaseWakeup = Wakeup()
    /// Downloads whose lease this engine lost while their transfer ran: their ends are not saved.
    var lostLeases: Set<Int64> = []
    /// Downloads whose end is being saved.
    var finishing: Set<Int64> = []
    /// When the earliest lease of another process on a queued download ends (a download cancelled there and queued
    /// again here): the lease task schedules again once it has.
    var heldUntil: Date?

    /// An engine over the downloader's database `writer`, keeping files in `directory` (created if needed).
    public init(
        writer: any DatabaseWriter,
        directory: String,
        settings: DownloadSettings = DownloadSettings(),
        onlyOwnDownloads: Bool = false,
        logger: Logger = Logger(label: "downloads")
    ) throws {
        try FileManager.default.createDirectory(
            atPath: directory,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        self.store = DownloadStore(writer: writer)
        self.directory = directory
        self.settings = settings
        self.onlyOwnDownloads = onlyOwnDownloads
        self.logger = logger
    }

    /// The path of download `id`'s file.
    public nonisolated func filePath(for id: Int64) -> String {
        (directory as NSString).appendingPathComponent("\(id).download")
    }

    /// Validates `text` as an http(s) address and queues a download of it, for `person`.
    public func start(_ text: String, for person: PersonID = .local) async throws -> DownloadItem {
        let url = try DownloadURLValidation.validate(text).get()
        let item = try await store.insert(url: url.absoluteString, for: person)
        if let id = item.id { startedHere.insert(id) }
        await scheduled()
        return try await store.find(id: item.id ?? 0, of: person) ?? item
    }

    /// Stops `person`'s download `id` if it is queued or running; its row says Cancelled.
    @discardableResult
    public func cancel(id: Int64, of person: PersonID = .local) async throws -> DownloadItem {
        // Checked and written in one transaction: a transfer ending meanwhile either finished first (the row stays
        // as it ended) or sees the Cancel when it saves its end (a person's Cancel stands).
        let change = try await store.update(id: id, person: person) { item in
            guard !item.state.isFinished else { return }
            item.state = .cancelled
        }
        guard let (before, item) = change else { throw DownloadError.notFound(id: id) }
        guard before.state != item.state else { return item }
        if let running = running[id] {
            cancelRequested.insert(id)
            running.task.cancel()
        } else {
            // Queued, or being started right now (then the launch sees the request and does not start it).
            if launching.contains(id) { cancelRequested.insert(id) }
            settle(item)
        }
        return item
    }

    /// Queues `person`'s finished download again; a partial file left by a cancel or failure is resumed when possible.
    @discardableResult
    public func retry(id: Int64, of person: PersonID = .local) async throws -> DownloadItem {
        let path = filePath(for: id)
        let change = try await store.update(id: id, person: person) { item in
            guard item.state.isFinished else { throw DownloadError.notFinished(id: id) }
            if item.state == .completed {
                // Finished, so no transfer is writing the file.
                item.receivedBytes = 0
                DownloadFile.remove(at: path)
            }
            item.state = .queued
            item.failure = nil
        }
        guard let (_, item) = change else { throw DownloadError.notFound(id: id) }
        // A cancelled transfer may still be stopping: its end keeps the row queued (it reads the stored row).
        cancelRequested.remove(id)
        startedHere.insert(id)
        await scheduled()
        return item
    }

    /// Deletes `person`'s finished download: its row and file.
    ///
    /// The file is kept aside a while (``keptAside``), so that ``restore(_:for:)`` can put the download back as it was: a
    /// remove offers Undo, as every delete that does not ask first does. What is kept aside longer is dropped.
    @discardableResult
    public func remove(id: Int64, of person: PersonID = .local) async throws -> DownloadItem {
        let item = try await store.deleteFinished(id: id, of: person)
        let path = filePath(for: id)
        if (try? FileManager.default.moveItem(atPath: path, toPath: path + Self.asideSuffix)) == nil {
            DownloadFile.remove(at: path)
        }
        dropKeptAside()
        return item
    }

    /// Puts back download `item`, which `person` removed a moment ago (Undo), with its file when that is still kept
    /// aside.
    @discardableResult
    public func restore(_ item: DownloadItem, for person: PersonID = .local) async throws -> DownloadItem {
        guard let id = item.id else { throw DownloadError.notFound(id: 0) }
        let (restored, isNew) = try await store.restore(item, for: person)
        guard isNew else { return restored }
        let path = filePath(for: id)
        if !FileManager.default.fileExists(atPath: path) {
            try? FileManager.default.moveItem(atPath: path + Self.asideSuffix, toPath: path)
        }
        return restored
    }

    /// How long a removed download's file is kept for Undo.
    public static let keptAside: TimeInterval = 600
    static let asideSuffix = ".removed"

    /// Drops the files of downloads removed longer ago than ``keptAside`` (by any process on this directory).
    nonisolated func dropKeptAside(now: Date = Date()) {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in files where name.hasSuffix(Self.asideSuffix) {
            let path = (directory as NSString).appendingPathComponent(name)
            let changed = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
            if let changed, now.timeIntervalSince(changed) > Self.keptAside { DownloadFile.remove(at: path) }
        }
    }

    /// Puts downloads a previous run left running back in the queue (those whose lease lapsed or whose process is
    /// gone: a download another live process runs is left to it), starts what the limits allow, and from now on looks
    /// after leases (see ``maintainLeases()``).
    public func resumeInterrupted() async throws {
        let count = try await store.requeueInterrupted(isAlive: Self.isProcessAlive)
        if count > 0 { logger.info("Resuming \(count) interrupted download(s)") }
        startLeaseTask()
        await scheduled()
    }

    /// Renews the leases of this engine's running downloads, stops a transfer whose download it no longer owns, and
    /// marks Interrupted the downloads whose lease lapsed. Answers when it should run again: after
    /// ``DownloadSettings/leaseRenewal`` while this engine runs a transfer; else when the earliest lease of another
    /// process's download ends, or a held download may start; never, while nothing runs anywhere (a download started
    /// elsewhere wakes it: ``downloadsChanged()``).
    @discardableResult
    public func maintainLeases() async -> Date? {
        let until = Date().addingTimeInterval(settings.leaseDuration.seconds)
        if !running.isEmpty {
            do {
                // Only transfers running before the renewal and not ending now: one launched or finished during it
                // is not judged by its answer.
                let runningBefore = Set(running.keys).subtracting(finishing)
                let owned = try await store.renewLeases(owner: owner, until: until)
                for (id, transfer) in running
                where runningBefore.contains(id) && !finishing.contains(id) && !owned.contains(id)
                    && !cancelRequested.contains(id)
                {
                    logger.warning("Download \(id) is no longer this process's: stopping its transfer")
                    lostLeases.insert(id)
                    transfer.task.cancel()
                }
            } catch {
                logger.warning("Could not renew download leases: \(error)")
            }
        }
        var next: Date? = running.isEmpty ? nil : Date().addingTimeInterval(settings.leaseRenewal.seconds)
        do {
            let lapsed = try await store.interruptLapsed(now: Date())
            for item in lapsed.interrupted {
                logger.info("Download \(item.id ?? 0) was interrupted: its process stopped")
                settle(item)
            }
            // Just after the lease ends, so that it has lapsed when looked at.
            if let end = lapsed.nextEnd { next = min(next ?? .distantFuture, end.addingTimeInterval(0.05)) }
        } catch {
            logger.warning("Could not look for interrupted downloads: \(error)")
            next = Date().addingTimeInterval(settings.leaseRenewal.seconds)
        }
        if let heldUntil, heldUntil <= Date() {
            self.heldUntil = nil
            schedule()
        }
        if let heldUntil { next = min(next ?? .distantFuture, heldUntil) }
        return next
    }

    /// Says that the downloads changed (a download started here or in another process): the lease loop looks again.
    public nonisolated func downloadsChanged() {
        leaseWakeup.wake()
    }

    /// Whether process `pid` runs on this machine (`kill(pid, 0)` does not say "no such process").
    static func isProcessAlive(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno != ESRCH)
    }

    func startLeaseTask() {
        guard !isShutDown else { return }
        // Running already: it looks again now, so a transfer just started has its lease renewed.
        guard leaseTask == nil else { return leaseWakeup.wake() }
        leaseTask = Task { [weak self, leaseWakeup] in
            await leaseWakeup.loop { [weak self] in
                await self?.maintainLeases()
            }
        }
    }

    /// Waits until download `id` is completed, cancelled or failed (or removed, giving nil).
    public func waitUntilFinished(id: Int64) async -> DownloadItem? {
        await withCheckedContinuation { continuation in
            // Waiting first, then looking: an end that comes after the look settles the waiter, and one that came
            // before it is seen by the look.
            waiters[id, default: []].append(continuation)
            Task { await self.settleIfFinished(id) }
        }
    }

    func settleIfFinished(_ id: Int64) async {
        // A read that fails says nothing: the waiter stays until the download ends.
        let item: DownloadItem?
        do {
            item = try await Task(operation: { [store] in try await store.find(id: id) }).value
        } catch {
            return
        }
        if item == nil || item?.state.isFinished == true { settle(item, id: id) }
    }

    /// Stops every running transfer (their rows go back to Queued, to resume on the next start) and closes the
    /// HTTP client. The engine starts nothing afterwards.
    public func shutdown() async {
        isShutDown = true
        leaseTask?.cancel()
        leaseTask = nil
        // A pass under way may be launching a download: let it register the transfer, so it is stopped below.
        await schedulingTask?.value
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
}

extension Duration {
    /// The duration in seconds.
    var seconds: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
