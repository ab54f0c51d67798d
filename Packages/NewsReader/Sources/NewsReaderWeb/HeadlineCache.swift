import Foundation
import Kernel
import KernelHTML
import KernelWeb
import NewsReader

/// The stored headlines held in memory as the screens show them, so a page is served without reading the database or
/// formatting a date.
///
/// It reads the whole store once, and again only after ``invalidate()`` (a ``CachedValue``): the Kernel calls it on every
/// change of the stored feed, this process's or another's (it is one of the feature's caches). The feed is capped at
/// ``NewsFeed/maxBytes``, so the copy is bounded too. Readers that arrive while the copy is being read share that one
/// read.
final class HeadlineCache: FeatureCache {
    private let store: any HeadlineStore
    private let cache: CachedValue<Snapshot>

    /// One reading of the store, with every row's text computed.
    struct Snapshot: Sendable {
        let headlines: [Headline]
        let rows: [HeadlineRow]
        let positions: [String: Int]
        let status: FeedStatus
        let statusLine: FeedStatusLine
        /// The first page, made once: every request for it gets the same rows.
        let firstPage: HeadlineListState
        /// The first page's list as markup, written once for each change of the headlines, not once per request.
        let firstPageList: HTML
        /// The same list as the bytes a response sends.
        let firstPageBytes: RenderedHTML
        /// The status line's words ("Last updated …"), written once for each change, not once per request.
        let statusWords: HTML

        init(headlines: [Headline], status: FeedStatus) {
            self.headlines = headlines
            let rows = headlines.map(HeadlineRow.init)
            self.rows = rows
            positions = Dictionary(headlines.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            self.status = status
            let statusLine = FeedStatusLine(status)
            self.statusLine = statusLine
            let firstPage = Self.page(of: rows, from: 0, status: statusLine)
            self.firstPage = firstPage
            firstPageList = NewsPages.listBody(firstPage.rows)
            firstPageBytes = RenderedHTML(firstPageList)
            statusWords = HTML.withMoments(statusLine.text)
        }

        /// The list screen's state for the page after `cursor`, or nil when `cursor` is not stored.
        func listState(after cursor: String?) -> HeadlineListState? {
            guard let cursor else { return firstPage }
            return start(after: cursor).map { Self.page(of: rows, from: $0, status: statusLine) }
        }

        /// The list screen's state for a search: every story whose headline or introduction holds `text` (ignoring
        /// case and accents), newest first, up to a page's worth.
        func listState(matching text: String) -> HeadlineListState {
            let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
            let found = rows.lazy.filter {
                $0.headline.range(of: text, options: options) != nil || $0.introduction.range(of: text, options: options) != nil
            }
            return HeadlineListState(
                rows: Array(found.prefix(HeadlineListState.pageSize)),
                nextCursor: nil,
                status: statusLine,
                isFirstPage: true
            )
        }

        /// Where the page after story `cursor` starts, or nil when `cursor` is not stored.
        func start(after cursor: String) -> Int? {
            positions[cursor].map { $0 + 1 }
        }

        private static func page(of rows: [HeadlineRow], from start: Int, status: FeedStatusLine) -> HeadlineListState {
            let end = min(rows.count, start + HeadlineListState.pageSize)
            return HeadlineListState(
                rows: Array(rows[start..<end]),
                nextCursor: end < rows.count ? rows[end - 1].id : nil,
                status: status,
                isFirstPage: start == 0
            )
        }
    }

    /// A cache over `store`.
    init(_ store: any HeadlineStore) {
        self.store = store
        cache = CachedValue {
            async let headlines = store.all()
            async let status = store.status()
            return Snapshot(headlines: try await headlines, status: try await status)
        }
    }

    /// Forgets the copy: the next reader reads the store again.
    func invalidate() {
        cache.invalidate()
    }

    /// The list screen's state for the page after story `cursor` (the first page when nil), or nil when `cursor`
    /// names no stored story.
    func listState(after cursor: String?) async throws -> HeadlineListState? {
        try await snapshot().listState(after: cursor)
    }

    /// The first page: its state, its list as markup and as bytes, and its status line's words, the same for everyone
    /// until the headlines change.
    func firstPage() async throws -> (state: HeadlineListState, list: HTML, bytes: RenderedHTML, statusWords: HTML) {
        let snapshot = try await snapshot()
        return (snapshot.firstPage, snapshot.firstPageList, snapshot.firstPageBytes, snapshot.statusWords)
    }

    /// The list screen's state for a search (see ``Snapshot/listState(matching:)``).
    func listState(matching text: String) async throws -> HeadlineListState {
        try await snapshot().listState(matching: text)
    }

    /// The row of story `id`, or nil when it is not stored.
    func row(id: String) async throws -> HeadlineRow? {
        let snapshot = try await snapshot()
        return snapshot.positions[id].map { snapshot.rows[$0] }
    }

    private func snapshot() async throws -> Snapshot {
        try await cache.value()
    }
}
