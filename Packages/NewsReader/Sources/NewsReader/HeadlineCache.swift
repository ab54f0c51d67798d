import Foundation
import Kernel

/// The stored headlines held in memory as the screens show them, so a page is served without reading the database or
/// formatting a date.
///
/// It reads the whole store once, and again only after ``invalidate()`` (a ``CachedValue``). The feed is capped at
/// ``NewsFeed/maxBytes``, so the copy is bounded too. It is itself a ``HeadlineStore``: writes go to the store under
/// it and invalidate the copy before they return, so a page asked for after a Reload shows the new headlines.
/// Writes made by another process (the CLI) reach the host through its change monitor, which calls
/// ``invalidate()``. Readers that arrive while the copy is being read share that one read.
public final class HeadlineCache: HeadlineStore {
    private let store: any HeadlineStore
    private let cache: CachedValue<Snapshot>

    /// One reading of the store, with every row's text computed.
    struct Snapshot: Sendable {
        let headlines: [Headline]
        let rows: [HeadlineRow]
        let positions: [String: Int]
        let status: FeedStatus
        let statusLine: FeedStatusLine
        /// The first page, made once: every request for it gets the same rows (so a renderer can tell cheaply that
        /// they have not changed).
        private(set) var firstPage: HeadlineListState?

        init(headlines: [Headline], status: FeedStatus) {
            self.headlines = headlines
            rows = headlines.map(HeadlineRow.init)
            positions = Dictionary(headlines.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            self.status = status
            statusLine = FeedStatusLine(status)
            firstPage = listState(after: nil)
        }

        /// The list screen's state for the page after `cursor`, or nil when `cursor` is not stored.
        func listState(after cursor: String?) -> HeadlineListState? {
            if cursor == nil, let firstPage { return firstPage }
            guard let range = range(after: cursor, limit: HeadlineListState.pageSize) else { return nil }
            return HeadlineListState(
                rows: Array(rows[range]),
                nextCursor: range.upperBound < rows.count ? rows[range.upperBound - 1].id : nil,
                status: statusLine,
                isFirstPage: cursor == nil
            )
        }

        /// The range of positions of up to `limit` stories after `cursor`, or nil when `cursor` is not stored.
        func range(after cursor: String?, limit: Int) -> Range<Int>? {
            var start = 0
            if let cursor {
                guard let position = positions[cursor] else { return nil }
                start = position + 1
            }
            return start..<min(headlines.count, start + max(0, limit))
        }
    }

    /// A cache over `store`.
    public init(_ store: any HeadlineStore) {
        self.store = store
        cache = CachedValue {
            async let headlines = store.all()
            async let status = store.status()
            return Snapshot(headlines: try await headlines, status: try await status)
        }
    }

    /// Forgets the copy: the next reader reads the store again.
    public func invalidate() {
        cache.invalidate()
    }

    /// The list screen's state for the page after story `cursor` (the first page when nil), or nil when `cursor`
    /// names no stored story.
    public func listState(after cursor: String?) async throws -> HeadlineListState? {
        try await snapshot().listState(after: cursor)
    }

    /// The row of story `id`, or nil when it is not stored.
    public func row(id: String) async throws -> HeadlineRow? {
        let snapshot = try await snapshot()
        return snapshot.positions[id].map { snapshot.rows[$0] }
    }

    public func replace(with headlines: [Headline], at date: Date) async throws -> HeadlineChanges {
        defer { invalidate() }
        return try await store.replace(with: headlines, at: date)
    }

    public func recordFailure(_ message: String, at date: Date) async throws {
        defer { invalidate() }
        try await store.recordFailure(message, at: date)
    }

    public func status() async throws -> FeedStatus {
        try await snapshot().status
    }

    public func page(after cursor: String?, limit: Int) async throws -> HeadlinePage {
        let snapshot = try await snapshot()
        let range = snapshot.range(after: cursor, limit: limit) ?? snapshot.range(after: nil, limit: limit) ?? 0..<0
        let more = !range.isEmpty && range.upperBound < snapshot.headlines.count
        let next = more ? snapshot.headlines[range.upperBound - 1].id : nil
        return HeadlinePage(headlines: Array(snapshot.headlines[range]), nextCursor: next)
    }

    public func headline(id: String) async throws -> Headline? {
        let snapshot = try await snapshot()
        return snapshot.positions[id].map { snapshot.headlines[$0] }
    }

    public func all() async throws -> [Headline] {
        try await snapshot().headlines
    }

    private func snapshot() async throws -> Snapshot {
        try await cache.value()
    }
}
