import Downloader
import Foundation
import KernelHTML
import KernelWeb

/// One row of the download list, as the pages show it.
public struct DownloadRowView: Sendable {
    let id: Int64
    let url: String
    let state: DownloadState
    let percent: Int?
    let progressText: String
    let failure: String?
    /// What kind of file it is, in words.
    let kind: String?

    /// The row of `item`.
    public init(_ item: DownloadItem) {
        id = item.id ?? 0
        // Where the download came from in the end: a redirected one shows the address it was read from.
        url = item.address
        state = item.state
        percent = item.fraction.map { Int($0 * 100) }
        progressText = item.progressText
        failure = item.state == .failed ? item.failure : nil
        kind = item.kindText
    }
}

/// One page of the list's rows, rendered: the same for every visitor (the rows carry no CSRF token).
struct DownloadRowsPage: Sendable {
    /// The rows' markup, with an open place for each running download's progress.
    let rows: HTMLTemplate<Int64>
    /// The rows ready to send, when no download on the page is running.
    let ready: RenderedHTML?
    /// The cursor of the next page (the last id shown), nil on the last page.
    let nextBefore: Int64?

    init(_ rows: HTMLTemplate<Int64>, nextBefore: Int64?) {
        self.rows = rows
        self.ready = rows.slots.isEmpty ? RenderedHTML(rows.filled { _ in HTML() }) : nil
        self.nextBefore = nextBefore
    }
}

/// The list page.
struct DownloadListView {
    let rows: DownloadRowsPage
    let before: Int64?
    let url: String
    let urlError: String?
    let maxSize: String
    let csrfToken: String
}

/// The viewer page of one completed download.
struct DownloadViewerView {
    struct Heading {
        let level: Int
        let text: String
    }
    struct Link {
        let text: String
        let href: String
    }
    let id: Int64
    let url: String
    let title: String
    let message: String?
    let headings: [Heading]
    /// Says how many headings were left out, when some were.
    let outlineNote: String?
    let links: [Link]
    /// Says how many links were left out, when some were.
    let linksNote: String?
    let text: String
    /// Whether ``text`` is the start of a longer text (offered whole at `/downloads/:id/text`).
    let textIsCut: Bool
    let source: String
    let sourceNote: String?
    let encoding: String?
}
