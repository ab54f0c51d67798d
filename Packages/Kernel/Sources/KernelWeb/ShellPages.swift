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
        let empty: HTML? =
            rows.isEmpty ? "<p class=\"empty\">No notices yet. Reminders and countdowns will show up here.</p>" : nil
        return """
            <section class="card-page">
              <div class="page-head">
                <h1 class="page-title">Inbox</h1>
                \(markRead)
              </div>
              \(DevicePush.offer)
              \(empty)
              <ul class="list notices">
                \(each: rows, inboxRow)
              </ul>
            </section>
            """
    }

    private static func inboxRow(_ row: InboxRow) -> HTML {
        let title: HTML = row.link.map { "<a href=\"\(url: $0)\">\(row.title)</a>" } ?? "\(row.title)"
        return """
            <li class="row notice\(if: row.unread, " unread")">
              <div class="row-main">
                <div class="row-title">\(title)</div>
                <div class="row-sub">\(row.body)</div>
              </div>
              <time class="row-meta" datetime="\(row.whenISO)" data-format="datetime">\(row.when)</time>
            </li>

            """
    }

    struct DiagnosticsRow {
        let order: UInt64
        let name: String
        let kind: String
        let delivery: String
        let object: String
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
                <li class="row"><span class="row-meta">#\(row.order)</span><div class="row-main"><div class="row-title">\(row.name)</div>
                  <div class="row-sub">\(row.kind) · \(row.delivery) · \(row.object)</div></div></li>

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
