import Downloader
import KernelHTML
import KernelWeb

/// The download page: the address field and the list of downloads.
public enum DownloadListPage {
    static func render(_ view: DownloadListView) -> HTML {
        let invalid: HTML? = view.urlError == nil ? nil : " aria-invalid=\"true\" aria-describedby=\"url-error\""
        let error: HTML? = view.urlError.map { "<span class=\"field-error\" id=\"url-error\" role=\"alert\">\($0)</span>" }
        return """
            <section class="downloads">
              <div class="nav-bar">
                <h1 class="page-title">Downloads</h1>
              </div>
              <form method="post" action="/downloads" class="card download-form" novalidate>
                \(HTML.csrfField(view.csrfToken))
                <div class="field\(if: view.urlError != nil, " invalid")">
                  <label for="url">Address of a web page</label>
                  <div class="inline-field">
                    <input id="url" name="url" type="url" value="\(view.url)" placeholder="https://example.com/page.html" autocomplete="off" required\(invalid)>
                    <button type="submit" class="button" id="start">Start</button>
                  </div>
                  \(error)
                  <span class="hint">http and https only; files up to \(view.maxSize). Downloads go on when this tab is closed.</span>
                </div>
              </form>
              <ul class="list download-list" id="download-list" data-live-events="\(DownloadChanged.name.rawValue) \(DownloadProgress.name.rawValue)" data-live-refresh="\(DownloadChanged.name.rawValue)" data-src="/downloads/rows">
                \(rows(view.rows))
              </ul>
            </section>
            """
    }

    /// The list's rows, or the empty state: what `GET /downloads/rows` answers for a live refresh.
    public static func rows(_ rows: [DownloadRowView]) -> HTML {
        if rows.isEmpty { return "<li class=\"row empty\">No downloads yet. Enter an address above and press Start.</li>" }
        return HTML(joining: rows.lazy.map(row))
    }

    static func row(_ row: DownloadRowView) -> HTML {
        let title: HTML =
            row.state == .completed
            ? "<a class=\"row-title download-url\" href=\"/downloads/\(row.id)\">\(row.url)</a>"
            : "<span class=\"row-title download-url\">\(row.url)</span>"
        return """
            <li class="row download-row state-\(row.state.rawValue)" id="download-\(row.id)" data-download-id="\(row.id)" data-state="\(row.state.rawValue)" data-live-bind="\(DownloadProgress.name.rawValue)" data-live-key="\(row.id)">
              <div class="row-main">
                \(title)
                \(progress(row))
                \(if: row.state.isFinished, "<span class=\"row-sub download-bytes\">\(row.progressText)\(row.contentType.map { " · \($0)" })</span>")
                \(row.failure.map { "<span class=\"row-sub download-failure\">\($0)</span>" })
              </div>
              <span class="status-pill download-state">\(row.state.label)</span>
              <div class="row-actions">
                \(actions(row))
              </div>
            </li>

            """
    }

    private static func progress(_ row: DownloadRowView) -> HTML? {
        guard !row.state.isFinished else { return nil }
        let bar: HTML =
            if let percent = row.percent {
                """
                <progress class="download-progress" max="100" value="\(percent)" data-live-value="percent" aria-label="Progress"></progress>
                """
            } else {
                """
                <progress class="download-progress indeterminate" max="100" data-live-value="percent" aria-label="Progress"></progress>
                """
            }
        let status = row.state == .downloading ? row.progressText : "Waiting for a free slot"
        return """
            <div class="progress-line">
                  \(bar)
                  <span class="row-sub download-bytes" data-live-text="progressText">\(status)</span>
                </div>
            """
    }

    private static func actions(_ row: DownloadRowView) -> HTML {
        if !row.state.isFinished {
            return """
                <form method="post" action="/downloads/\(row.id)/cancel">\(HTML.csrfField(row.csrfToken))\
                <button type="submit" class="link-button download-cancel">Cancel</button></form>
                """
        }
        return """
            <form method="post" action="/downloads/\(row.id)/retry">\(HTML.csrfField(row.csrfToken))\
            <button type="submit" class="link-button download-retry">Retry</button></form>
                <form method="post" action="/downloads/\(row.id)/remove">\(HTML.csrfField(row.csrfToken))\
            <button type="submit" class="link-button danger-text download-remove">Remove</button></form>
            """
    }
}
