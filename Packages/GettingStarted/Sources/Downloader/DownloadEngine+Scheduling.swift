import AsyncHTTPClient
import Foundation
import GRDB
import KernelEvents
import Logging
import NIOCore
import NIOPosix

/// Scheduling: a pass starts queued downloads while the limits allow, and each transfer's end is saved.
extension DownloadEngine {
    /// Starts queued downloads while the limits allow. One pass runs at a time (a pass reads the queue, then
    /// launches); asking during a pass runs one more pass after it, so nothing is launched twice or missed.
    func schedule() {
        guard !isShutDown else { return }
        guard schedulingTask == nil else {
            scheduleAgain = true
            return
        }
        schedulingTask = Task {
            repeat {
                scheduleAgain = false
                await schedulePass()
            } while scheduleAgain && !isShutDown
            schedulingTask = nil
        }
    }

    /// Schedules, and returns once the pass has run: what the limits allowed has been started.
    func scheduled() async {
        schedule()
        await schedulingTask?.value
    }

    func schedulePass() async {
        guard !isShutDown else { return }
        let queued: [DownloadItem]
        do {
            queued = try await store.queued()
        } catch {
            logger.error("Could not read the download queue: \(error)")
            return
        }
        var waiting = 0
        for item in queued where !isShutDown {
            guard let id = item.id, running[id] == nil, !onlyOwnDownloads || startedHere.contains(id) else { continue }
            let host = item.host
            let fromHost = running.values.filter { $0.host == host }.count
            // One held back by its own server's limit waits for that server, not for a place another could give up.
            guard fromHost < settings.maxDownloadsPerServer else { continue }
            guard running.count < settings.maxConcurrentDownloads else {
                waiting += 1
                continue
            }
            await launch(id: id, host: host)
        }
        waitingForPlace.set(waiting)
    }

    func launch(id: Int64, host: String) async {
        let item: DownloadItem
        launching.insert(id)
        defer { launching.remove(id) }
        do {
            // Only a row still queued starts: it may have been cancelled, or started by another process, since the
            // queue was read.
            let until = Date().addingTimeInterval(settings.leaseDuration.seconds)
            let change = try await store.claim(id: id, owner: owner, until: until)
            // A Cancel that came while the row was being started (it found no transfer to stop) stands.
            let cancelled = cancelRequested.remove(id) != nil
            guard let change, change.before.state == .queued, !cancelled else { return }
            item = change.after
        } catch let held as DownloadLeaseHeld {
            // Its previous transfer, in another process, may still be writing the file: start it when that lease ends.
            heldUntil = min(heldUntil ?? held.until, held.until)
            cancelRequested.remove(id)
            startLeaseTask()
            return
        } catch {
            logger.error("Could not start download \(id): \(error)")
            return
        }
        lostLeases.remove(id)
        startLeaseTask()
        let transfer = DownloadTransfer(
            client: httpClient(),
            settings: settings,
            path: filePath(for: id),
            givePlace: { [waitingForPlace] in waitingForPlace.take() },
            report: { [store, logger, owner] progress in
                do {
                    try await store.saveProgress(of: progress, id: id, owner: owner)
                } catch is CancellationError {
                    // The transfer is being stopped; its end saves the bytes.
                } catch {
                    logger.warning("Could not save progress of download \(id): \(error)")
                }
            }
        )
        let task = Task {
            let (outcome, item) = await transfer.run(item)
            // Saved outside this task: when it was cancelled (a Cancel, or shutdown), GRDB would refuse to write the
            // end from it.
            await Task { await self.finish(id: id, outcome: outcome, item: item) }.value
        }
        running[id] = (task, host)
    }

    func finish(id: Int64, outcome: DownloadOutcome, item transferred: DownloadItem) async {
        // The transfer stays in `running` until its end is saved, so a shutdown meanwhile waits for the save.
        let cancelledByPerson = cancelRequested.contains(id)
        let lostLease = lostLeases.remove(id) != nil
        finishing.insert(id)
        defer {
            finishing.remove(id)
            running[id] = nil
            cancelRequested.remove(id)
            schedule()
        }
        // Another process found the lease lapsed and the row says so (Interrupted): it is not this engine's to write.
        guard cancelledByPerson || !lostLease else { return }
        let state: DownloadState
        var failure: String?
        switch outcome {
        case _ where cancelledByPerson:
            // A person's Cancel stands, even if the transfer happened to end another way first.
            state = .cancelled
        case .completed:
            state = .completed
        case .failed(let reason):
            state = .failed
            failure = reason
        case .cancelled:
            // Only shutdown cancels without a person asking: leave the row to resume on the next start.
            state = .queued
        }
        var item = transferred
        item.state = state
        item.failure = failure
        do {
            // Written only while the row is still this engine's: a row another process took (or found lapsed) is
            // theirs to write.
            let change = try await store.update(id: id, owner: owner) { [failure] item in
                // The stored row says what a person did while the transfer ran: a Cancel stands; a Retry made
                // after a Cancel (queued again) stands too, and the next pass starts it.
                switch item.state {
                case .queued:
                    return
                case .cancelled:
                    item = transferred
                    item.state = .cancelled
                    item.failure = nil
                default:
                    item = transferred
                    item.state = state
                    item.failure = failure
                }
            }
            guard let change else { return settle(nil, id: id) }
            item = change.after
        } catch {
            logger.error("Could not save the end of download \(id): \(error)")
        }
        if item.state.isFinished { settle(item) }
    }

    func settle(_ item: DownloadItem) {
        settle(item, id: item.id ?? 0)
    }

    func settle(_ item: DownloadItem?, id: Int64) {
        for continuation in waiters.removeValue(forKey: id) ?? [] { continuation.resume(returning: item) }
    }

    func httpClient() -> HTTPClient {
        if let client { return client }
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: DownloadTransfer.clientConfiguration(settings))
        self.client = client
        return client
    }
}
