import Foundation

/// What changed when a fetched feed replaced the stored one.
public struct HeadlineChanges: Sendable, Hashable {
    /// Stories new in the feed.
    public var added: [String]
    /// Stories that left it.
    public var removed: [String]
    /// Stories still there whose introduction changed.
    public var updated: [String]
    /// Whether the same stories now come in another order.
    public var reordered: Bool

    /// Changes.
    public init(added: [String] = [], removed: [String] = [], updated: [String] = [], reordered: Bool = false) {
        self.added = added
        self.removed = removed
        self.updated = updated
        self.reordered = reordered
    }

    /// What changed from the stories `old` (id and introduction, in their order) to `new`.
    public init(from old: [(id: String, introduction: String)], to new: [Headline]) {
        let stored = Dictionary(old.map { ($0.id, $0.introduction) }, uniquingKeysWith: { first, _ in first })
        self.init()
        for headline in new {
            if let introduction = stored[headline.id] {
                if introduction != headline.introduction { updated.append(headline.id) }
            } else {
                added.append(headline.id)
            }
        }
        let incoming = Set(new.map(\.id))
        removed = stored.keys.filter { !incoming.contains($0) }.sorted()
        reordered = old.map(\.id) != new.map(\.id)
    }

    /// Whether nothing a reader sees changed.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && updated.isEmpty && !reordered }
}

/// How the feed has fared: what the status line under the list says.
public struct FeedStatus: Sendable, Hashable {
    /// When headlines were last fetched and stored, or nil if never.
    public var lastSuccess: Date?
    /// When the last fetch failed, if it failed after the last success.
    public var lastFailure: Date?
    /// Why it failed.
    public var failureMessage: String?
    /// How many stories are stored.
    public var count: Int

    /// A status.
    public init(lastSuccess: Date? = nil, lastFailure: Date? = nil, failureMessage: String? = nil, count: Int = 0) {
        self.lastSuccess = lastSuccess
        self.lastFailure = lastFailure
        self.failureMessage = failureMessage
        self.count = count
    }
}

/// A page of the list: up to a page of stories and the cursor of the next one.
public struct HeadlinePage: Sendable, Hashable {
    /// The stories, newest first.
    public var headlines: [Headline]
    /// The id to ask for the next page after, when there is one.
    public var nextCursor: String?

    /// A page.
    public init(headlines: [Headline], nextCursor: String?) {
        self.headlines = headlines
        self.nextCursor = nextCursor
    }
}

/// Where the last good headlines are kept, so they show at once on open and survive a failed fetch.
public protocol HeadlineStore: Sendable {
    /// Replaces the stored stories with `headlines` (newest first), in one transaction, and says what changed.
    func replace(with headlines: [Headline], at date: Date) async throws -> HeadlineChanges
    /// Notes that a fetch failed at `date` because of `message`; the stories stay.
    func recordFailure(_ message: String, at date: Date) async throws
    /// How the feed has fared.
    func status() async throws -> FeedStatus
    /// Up to `limit` stories, newest first, after the story `cursor` when it is given (an unknown cursor gives the
    /// first page).
    func page(after cursor: String?, limit: Int) async throws -> HeadlinePage
    /// The story `id`, or nil.
    func headline(id: String) async throws -> Headline?
    /// Every stored story, newest first.
    func all() async throws -> [Headline]
}

/// Fetches the feed's bytes: follows up to 5 redirects, gives up after `timeout`, and stops reading past `limit`.
public protocol FeedTransport: Sendable {
    /// The body of a successful (2xx) response to a GET of `url`.
    ///
    /// - Throws: ``FeedError`` (`status`, `timedOut`, `tooManyRedirects`, `tooLarge`, `unreachable`).
    func get(_ url: URL, limit: Int, timeout: Duration) async throws(FeedError) -> Data
}

/// Takes analytics events and sends them in the background. Never blocks, never throws, never retries.
public protocol AnalyticsSink: Sendable {
    /// Queues `event` to be sent, or drops it (with a log line) when the queue is full or analytics are off.
    func record(_ event: AnalyticsEvent)
}
