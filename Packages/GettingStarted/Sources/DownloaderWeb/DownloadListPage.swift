import Downloader
import KernelHTML
import KernelWeb

/// The download page: the address field and the list of downloads.
public enum DownloadListPage {
    /// The page up to the list's rows (which are sent as rendered once: ``DownloadRowsPage``).
    static func opening(_ view: DownloadListView) -> HTML {
        let invalid: HTML? = view.urlError == nil ? nil : " aria-invalid=\"true\" aria-describedby=\"url-error\""
        let error: HTML? = view.urlError.map { "<span class=\"field-error\" id=\"url-error\" role=\"alert\">\($0)</span>" }
        return """
            <section class="downloads">
              <div class="nav-bar">
                <h1 class="page-title">Downloads</h1>
              </div>
              <form method="post" id="download-actions" hidden>\(HTML.csrfField(view.csrfToken))</form>
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
              <ul class="list download-list" id="download-list" data-live-events="\(DownloadChanged.name.rawValue)" data-live-refresh="\(DownloadChanged.name.rawValue)" data-live-rows data-src="\(url: rowsSource(view.before))">

            """
    }

    /// The page after the list's rows: the links to other pages.
    static func closing(_ view: DownloadListView) -> HTML {
        """
          </ul>
          \(pages(view))
        </section>
        """
    }

    /// How many downloads one page lists.
    public static let pageSize = 100

    /// Where the live refresh reads the rows of the page showing downloads older than `before`.
    static func rowsSource(_ before: Int64?) -> String {
        before.map { "/downloads/rows?before=\($0)" } ?? "/downloads/rows"
    }

    private static func pages(_ view: DownloadListView) -> HTML? {
        let older: HTML? = view.rows.nextBefore.map {
            "<a class=\"button secondary\" id=\"downloads-older\" href=\"\(url: "/downloads?before=\($0)")#download-list\">Older downloads</a>"
        }
        let newest: HTML? =
            view.before == nil ? nil : "<a class=\"button secondary\" id=\"downloads-newest\" href=\"/downloads\">Newest downloads</a>"
        guard older != nil || newest != nil else { return nil }
        return "<nav class=\"list-pages\" aria-label=\"More downloads\">\(newest)\(older)</nav>"
    }

    /// The list's rows, or the empty state: what `GET /downloads/rows` answers for a live refresh. The rows carry no
    /// CSRF token: their buttons submit the page's `#download-actions` form (which holds it) to their own
    /// `formaction`, so one rendering serves every visitor. What a running download changes as it goes (its address
    /// once redirected, its bar and bytes) is an open place holding its id, filled from the download as it is when the
    /// rows are sent (``running(_:)``).
    public static func rows(_ rows: [DownloadRowView], older: Bool = false) -> HTMLTemplate<Int64> {
        if rows.isEmpty {
            return older
                ? HTMLTemplate("<li class=\"row empty\">No older downloads.</li>")
                : HTMLTemplate("<li class=\"row empty\">No downloads yet. Enter an address above and press Start.</li>")
        }
        return HTMLTemplate(joining: rows.lazy.map(row))
    }

    static func row(_ row: DownloadRowView) -> HTMLTemplate<Int64> {
        var template = HTMLTemplate<Int64>(
            """
            <li class="row download-row state-\(row.state.rawValue)" id="download-\(row.id)" data-download-id="\(row.id)" data-state="\(row.state.rawValue)">
              <div class="row-main">

            """
        )
        if row.state == .downloading {
            template.append("", row.id, "")
        } else {
            template.append(running(row))
        }
        template.append(
            """

                \(if: row.state.isFinished, "<span class=\"row-sub download-bytes\">\(row.progressText)\(row.kind.map { " · \($0)" })</span>")
                \(row.failure.map { "<span class=\"row-sub download-failure\">\($0)</span>" })
              </div>
              <span class="status-pill download-state">\(row.state.label)</span>
              <div class="row-actions">
                \(actions(row))
              </div>
            </li>

            """
        )
        return template
    }

    /// The row's address and its progress: what a running download changes as it goes.
    public static func running(_ row: DownloadRowView) -> HTML {
        // The address on one line: the server's name whole, the path cut with an ellipsis when the line is full.
        let parts = Self.addressParts(row.url)
        let address: HTML = "<span class=\"url-host\">\(parts.host)</span><span class=\"url-path\">\(parts.path)</span>"
        let title: HTML =
            row.state == .completed
            ? "<a class=\"row-title download-url\" href=\"/downloads/\(row.id)\" title=\"\(row.url)\">\(address)</a>"
            : "<span class=\"row-title download-url\" title=\"\(row.url)\">\(address)</span>"
        return """
            \(title)
                \(progress(row))
            """
    }

    /// `url` as its server (scheme and host, with the port) and the rest (path, query).
    static func addressParts(_ url: String) -> (host: String, path: String) {
        guard let schemeEnd = url.range(of: "://") else { return (url, "") }
        let rest = url[schemeEnd.upperBound...]
        let pathStart = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        return (String(url[..<pathStart]), String(url[pathStart...]))
    }

    /// A download's progress as its row shows it: nothing once finished, a still line while it waits, else its bar
    /// and bytes.
    static func progress(_ row: DownloadRowView) -> HTML? {
        guard !row.state.isFinished else { return nil }
        // A queued download waits for a slot: a still line, not a moving bar (its row is drawn again when it starts).
        guard row.state != .queued else {
            return "<span class=\"row-sub download-bytes download-waiting\">Waiting for a free slot</span>"
        }
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
        let status = row.progressText
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
                <button type="submit" form="download-actions" formaction="/downloads/\(row.id)/cancel" class="link-button download-cancel">Cancel</button>
                """
        }
        // An interrupted download picks up where it stopped: Resume. A finished one is fetched anew: Download again.
        // A failed or cancelled one goes on from what arrived when it can: Retry.
        let again: HTML =
            switch row.state {
            case .interrupted: "Resume"
            case .completed: "Download again"
            default: "Retry"
            }
        return """
            <button type="submit" form="download-actions" formaction="/downloads/\(row.id)/retry" class="link-button download-retry">\(again)</button>
                <button type="submit" form="download-actions" formaction="/downloads/\(row.id)/remove" class="link-button danger-text download-remove">Remove</button>
            """
    }
}
