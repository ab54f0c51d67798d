import Kernel
import KernelHTML

/// The bodies of the shell's own pages: the launcher, the inbox, diagnostics and the error page.
enum ShellPages {
    static func launcher(_ features: [PageRenderer.NavigationItem]) -> HTML {
        let tiles: HTML =
            features.isEmpty
            ? "<li class=\"muted\">No apps are enabled.</li>"
            : """
            \(each: features, { item in
                """
                <li><a class="tile" href="\(url: item.path)" data-tile="\(item.id)">
                  <span class="tile-icon tint-\(item.tint)" aria-hidden="true">\(item.icon)</span>
                  <span class="tile-title">\(item.title)</span>
                  <span class="tile-summary">\(item.summary)</span>
                </a></li>

                """
            })
            """
        return """
            <section class="launcher">
              <h1 class="page-title">Good to see you</h1>
              <p class="muted">Pick an app.</p>
              <ul class="tiles">
                \(tiles)
              </ul>
            </section>
            """
    }

    static func inbox(_ rows: [InboxRow], csrfToken: String) -> HTML {
        let markRead: HTML? =
            rows.contains(where: \.unread)
            ? """
            <form method="post" action="/inbox/read">\(HTML.csrfField(csrfToken))\
            <button class="button secondary" type="submit">Mark all read</button></form>
            """
            : nil
        return """
            <section class="card-page">
              <div class="page-head">
                <h1 class="page-title">Inbox</h1>
                \(markRead)
              </div>
              \(DevicePush.offer)
              <form id="inbox-actions" method="post" action="/inbox" data-inline hidden>\(HTML.csrfField(csrfToken))</form>
              <ul class="list notices" id="notices" data-live-events="\(NoticeDelivered.name.rawValue)" \
            data-live-refresh="\(NoticeDelivered.name.rawValue)" data-src="/inbox/rows">
                \(inboxRows(rows))
              </ul>
            </section>
            """
    }

    /// The inbox's rows, or what an empty inbox says: what `GET /inbox/rows` answers for a live refresh. Their buttons
    /// send the page's `#inbox-actions` form (which holds the token) to their own address.
    static func inboxRows(_ rows: [InboxRow]) -> HTML {
        guard !rows.isEmpty else {
            return "<li class=\"row empty\">No notices yet. Reminders and countdowns will show up here.</li>"
        }
        return "\(each: rows, inboxRow)"
    }

    /// A notice: the whole row opens what it is about; a swipe to the left, or its × button, takes it out of the inbox
    /// (with Undo).
    private static func inboxRow(_ row: InboxRow) -> HTML {
        let text: HTML = """
            <span class="row-title">\(HTML.withMoments(row.title))</span>
                  <span class="row-sub">\(HTML.withMoments(row.body))</span>
                  <time class="row-sub notice-time" datetime="\(row.whenISO)" data-format="datetime">\(row.when)</time>
            """
        let main: HTML =
            row.link.map { "<a class=\"row-main notice-link\" href=\"\(url: $0)\">\n      \(text)\n    </a>" }
            ?? "<div class=\"row-main\">\n      \(text)\n    </div>"
        return """
            <li class="swipe notice\(if: row.unread, " unread")" id="notice-\(row.id)" data-swipe>
              <div class="swipe-actions">
                <button type="submit" form="inbox-actions" formaction="/inbox/\(row.id)/remove" class="swipe-delete" tabindex="-1">Remove</button>
              </div>
              <div class="swipe-content row">
                \(main)
                <button type="submit" form="inbox-actions" formaction="/inbox/\(row.id)/remove" class="icon-button" aria-label="Remove “\(row.title)”" title="Remove">×</button>
              </div>
            </li>

            """
    }

    struct DiagnosticsRow {
        let order: Int
        let name: String
        let kind: String
    }

    static func diagnostics(
        liveSubscribers: Int,
        registrations: [DiagnosticsRow],
        forwarded: [String]
    ) -> HTML {
        """
        <section class="card-page">
          <h1 class="page-title">Diagnostics</h1>
          <p class="muted">Open live-event connections: <strong data-live-subscribers="\(liveSubscribers)">\(liveSubscribers)</strong> ·
            bus observers: <strong data-observer-count="\(registrations.count)">\(registrations.count)</strong></p>
          <p class="muted">Forwarded to pages: \(each: forwarded, { "<code>\($0)</code> " })</p>
          <ul class="list">
            \(each: registrations, { row in
                """
                <li class="row"><span class="row-meta observer-order">#\(row.order)</span><div class="row-main"><div class="row-title">\(row.name)</div>
                  <div class="row-sub">\(row.kind)</div></div></li>

                """
            })
          </ul>
        </section>
        """
    }

    static func error(code: Int, heading: String, message: String) -> HTML {
        """
        <section class="error-page">
          <p class="error-code">\(code)</p>
          <h1 class="page-title">\(heading)</h1>
          <p>\(message)</p>
          <p><a class="button" href="/">Back to the launcher</a></p>
        </section>
        """
    }
}
