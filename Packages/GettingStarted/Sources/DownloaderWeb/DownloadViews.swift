import Downloader
import Foundation

// Templates read stored properties only: Mustache renders through reflection, which does not see computed ones.

/// One row of the download list as the templates see it.
struct DownloadRowView {
    let id: Int64
    let url: String
    let state: String
    let stateLabel: String
    let isActive: Bool
    let isDownloading: Bool
    let isFinished: Bool
    let isCompleted: Bool
    let hasPercent: Bool
    let percent: Int
    let progressText: String
    let failure: String?
    let contentType: String?
    let csrfToken: String

    init(_ item: DownloadItem, csrfToken: String) {
        id = item.id ?? 0
        url = item.url
        state = item.state.rawValue
        stateLabel = item.state.label
        isActive = !item.state.isFinished
        isDownloading = item.state == .downloading
        isFinished = item.state.isFinished
        isCompleted = item.state == .completed
        hasPercent = item.fraction != nil
        percent = Int((item.fraction ?? 0) * 100)
        progressText = item.progressText
        failure = item.state == .failed ? item.failure : nil
        contentType = item.contentType
        self.csrfToken = csrfToken
    }
}

/// The list page.
struct DownloadListView {
    let rows: [DownloadRowView]
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
    let hasTitle: Bool
    let message: String?
    let headings: [Heading]
    let hasHeadings: Bool
    let links: [Link]
    let hasLinks: Bool
    let text: String
    let source: String
    let sourceNote: String?
    let encoding: String?
}
