import Foundation
import KernelEvents

/// How a refresh ended.
public enum RefreshOutcome: Sendable, Equatable {
    /// New headlines were stored; `changes` says which.
    case updated(HeadlineChanges, count: Int)
    /// The feed was fetched and is what was stored already.
    case unchanged(count: Int)
    /// The fetch failed; the last good headlines stay.
    case failed(FeedError)
}

/// The one owner of fetching the feed: whoever asks (a Reload, pull-to-refresh, the timer, the CLI), at most one
/// fetch runs, and a request made while it runs gets that fetch's outcome instead of starting another.
///
/// A fetch is timed and reported as an analytics `load` event, decoded, and stored in one transaction, which records
/// the change (the Kernel's change feed posts it as ``HeadlinesChanged``). A failure keeps the stored headlines and
/// records why. Every fetch ends: the
/// transport gives up after ``NewsSettings/fetchTimeout``.
public actor FeedRefresher {
    private let settings: NewsSettings
    private let transport: any FeedTransport
    private let store: any HeadlineStore
    private let analytics: any AnalyticsSink
    private let now: @Sendable () -> Date
    private var running: Task<RefreshOutcome, Never>?
    private var stopped = false

    /// A refresher.
    public init(
        settings: NewsSettings,
        transport: any FeedTransport,
        store: any HeadlineStore,
        analytics: any AnalyticsSink,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.settings = settings
        self.transport = transport
        self.store = store
        self.analytics = analytics
        self.now = now
    }

    /// Fetches the feed now, or joins the fetch already running, and returns how it ended.
    public func refresh() async -> RefreshOutcome {
        if stopped { return .failed(.cancelled) }
        if let running { return await running.value }
        let task = Task { await self.fetchAndStore() }
        running = task
        let outcome = await task.value
        running = nil
        return outcome
    }

    /// Stops for good, for the host's shutdown: the fetch under way is cancelled (its waiters get
    /// ``FeedError/cancelled``, and nothing is recorded), and later refreshes do nothing.
    public func stop() {
        stopped = true
        running?.cancel()
    }

    private func fetchAndStore() async -> RefreshOutcome {
        let clock = ContinuousClock()
        let start = clock.now
        let result: Result<Data, FeedError>
        do {
            result = .success(try await transport.get(settings.feed, limit: NewsFeed.maxBytes, timeout: settings.fetchTimeout))
        } catch {
            result = .failure(error)
        }
        // Stopped during the fetch: whatever it ended with was caused by the stop, so it is not the feed's fault.
        if Task.isCancelled { return .failed(.cancelled) }
        analytics.record(.load(milliseconds: Self.milliseconds(clock.now - start)))
        do {
            let headlines = try NewsFeed.decode(try result.get())
            let changes: HeadlineChanges
            do {
                changes = try await store.replace(with: headlines, at: now())
            } catch {
                // Stopped while saving (the database refuses to start a write for a cancelled task): not a failure.
                throw Task.isCancelled ? FeedError.cancelled : FeedError.notSaved
            }
            if changes.isEmpty { return .unchanged(count: headlines.count) }
            return .updated(changes, count: headlines.count)
        } catch let error as FeedError {
            if error == .cancelled || Task.isCancelled { return .failed(.cancelled) }
            try? await store.recordFailure(error.description, at: now())
            return .failed(error)
        } catch {
            return .failed(.notSaved)
        }
    }

    /// A duration in whole milliseconds, rounded.
    public static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000 + Int((Double(attoseconds) / 1e15).rounded())
    }
}
