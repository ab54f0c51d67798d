import Kernel
import KernelHTML

/// The shared page layout: head, header with every enabled feature, flash message, the feature's body, and the
/// toast region.
///
/// The header depends only on which feature is active, so it is rendered once per feature when the shell starts
/// (``Layout/init(navigation:)``) rather than on every request.
struct Layout: Sendable {
    private let headers: [String: HTML]
    private let homeHeader: HTML
    private let featureHead: [String: HTML]

    init(navigation: [PageRenderer.NavigationItem], featureAssets: [String: FeatureAssets]) {
        homeHeader = Self.header(navigation: navigation, activeID: nil)
        var headers: [String: HTML] = [:]
        for item in navigation {
            headers[item.id] = Self.header(navigation: navigation, activeID: item.id)
        }
        self.headers = headers
        featureHead = featureAssets.mapValues { assets in
            let stylesheet: HTML? = assets.stylesheet.map { "<link rel=\"stylesheet\" href=\"\(url: $0)\">\n" }
            let script: HTML? = assets.script.map { "<script src=\"\(url: $0)\" defer></script>\n" }
            return "\(stylesheet)\(script)"
        }
    }

    /// The page before the body (up to and including `<main>`) and after it.
    func parts(
        title: String,
        featureID: String?,
        csrfToken: String,
        flash: Flash?,
        unread: Int
    ) -> (head: HTML, tail: HTML) {
        let header = featureID.flatMap { headers[$0] } ?? homeHeader
        let badge: HTML? = unread > 0 ? " <span class=\"badge\" data-unread>\(unread)</span>" : nil
        let head: HTML = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <meta name="color-scheme" content="light dark">
            <meta name="csrf-token" content="\(csrfToken)">
            <title>\(title) · Atelier</title>
            <link rel="stylesheet" href="/static/app.css">
            <script src="/static/app.js" defer></script>
            \(featureID.flatMap { featureHead[$0] })</head>
            <body data-feature="\(featureID ?? "home")" data-notice-event="\(NoticeDelivered.name.rawValue)">
            <header class="topbar">
              <a class="brand" href="/">Atelier</a>
            \(header)
              <a class="inbox-link" href="/inbox" aria-label="\(unread > 0 ? "Inbox, \(unread) unread" : "Inbox")">Inbox\(badge)</a>
            </header>
            \(flash.map { Self.flash($0, csrfToken: csrfToken) })
            <main id="main">

            """
        let tail: HTML = """

            </main>
            <div id="toasts" class="toasts" aria-live="polite"></div>
            <div id="announcer" class="visually-hidden" role="status" aria-live="polite"></div>
            </body>
            </html>

            """
        return (head, tail)
    }

    private static func header(navigation: [PageRenderer.NavigationItem], activeID: String?) -> HTML {
        """
          <nav class="features" aria-label="Apps">
            \(each: navigation, { item in
                """
                <a href="\(url: item.path)" class="\(if: item.id == activeID, "active")" data-feature-link="\(item.id)">\
                <span class="nav-icon tint-\(item.tint)" aria-hidden="true">\(item.icon)</span> \(item.title)</a>
                """
            })
          </nav>
        """
    }

    private static func flash(_ flash: Flash, csrfToken: String) -> HTML {
        let action: HTML? = flash.actionPath.map { path in
            """
            <form method="post" action="\(url: path)" class="inline">\(HTML.csrfField(csrfToken))\
            <button type="submit" class="link-button">\(flash.actionLabel ?? "Undo")</button></form>
            """
        }
        return """
            <div class="flash flash-\(flash.kind.rawValue)" role="status">
              <span>\(flash.message)</span>
              \(action)
            </div>
            """
    }
}
