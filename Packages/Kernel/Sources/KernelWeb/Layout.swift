import Kernel
import KernelHTML

/// The shared page layout: head, header with every enabled feature, flash message, the feature's body, and the
/// toast region.
///
/// Every app and the inbox are one tap away on every screen: below a desktop's width (a phone, an iPad upright) as an
/// iOS tab bar at the bottom, within the thumb's reach, with the current app's name in a bar at the top; from an iPad
/// held sideways up, as one strip in the header. Both are the same `<nav>`, laid out by the stylesheet. A skip link
/// leads past it to the page's content.
///
/// The header depends only on which feature is active, so it is rendered once per feature when the shell starts
/// (``Layout/init(navigation:)``) rather than on every request.
struct Layout: Sendable {
    private let headers: [String: HTML]
    private let homeHeader: HTML
    private let featureHead: [String: HTML]
    /// The shell's stylesheet and script.
    private let shellHead: HTML

    init(navigation: [PageRenderer.NavigationItem], assets: StaticAssets) {
        homeHeader = Self.header(navigation: navigation, activeID: nil)
        var headers: [String: HTML] = [:]
        for id in navigation.map(\.id) + [Self.inboxID] {
            headers[id] = Self.header(navigation: navigation, activeID: id)
        }
        self.headers = headers
        shellHead = """
            <link rel="stylesheet" href="\(url: assets.stylesheet)">
            <script src="\(url: assets.script)" defer></script>
            """
        featureHead = assets.featureAssets.mapValues { assets in
            let stylesheet: HTML? = assets.stylesheet.map { "<link rel=\"stylesheet\" href=\"\(url: $0)\">\n" }
            let script: HTML? = assets.script.map { "<script src=\"\(url: $0)\" defer></script>\n" }
            return "\(stylesheet)\(script)"
        }
    }

    /// What makes the page part of an installable app: the manifest, the icons (the home screen's on an iPhone or
    /// iPad), the theme colours of both schemes, and iOS's name for the app on the home screen.
    private static let appHead: HTML = """
        <link rel="manifest" href="/manifest.webmanifest">
        <link rel="icon" href="/static/icon.svg" type="image/svg+xml">
        <link rel="icon" href="/static/icon-192.png" sizes="192x192" type="image/png">
        <link rel="apple-touch-icon" href="/static/apple-touch-icon.png">
        <meta name="theme-color" content="\(WebAppRoutes.lightBackground)" media="(prefers-color-scheme: light)">
        <meta name="theme-color" content="\(WebAppRoutes.darkBackground)" media="(prefers-color-scheme: dark)">
        <meta name="mobile-web-app-capable" content="yes">
        <meta name="apple-mobile-web-app-capable" content="yes">
        <meta name="apple-mobile-web-app-title" content="Atelier">
        <meta name="apple-mobile-web-app-status-bar-style" content="default">
        """

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
        let inboxLabel: HTML = unread > 0 ? "Inbox, \(unread) unread" : "Inbox"
        let inInbox = featureID == Self.inboxID
        let head: HTML = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <meta name="color-scheme" content="light dark">
            <meta name="csrf-token" content="\(csrfToken)">
            <title>\(title) · Atelier</title>
            \(Self.appHead)
            \(shellHead)
            \(featureID.flatMap { featureHead[$0] })</head>
            <body data-feature="\(featureID ?? "home")" data-notice-event="\(NoticeDelivered.name.rawValue)">
            <a class="skip-link" href="#main">Skip to content</a>
            <header class="topbar">
              <a class="brand" href="/" aria-label="Atelier, all apps">Atelier</a>
            \(header)
                <a href="/inbox" class="tab inbox-link\(if: inInbox, " active")" data-feature-link="inbox"\
            \(if: inInbox, " aria-current=\"page\"") aria-label="\(inboxLabel)">\
            <span class="nav-icon tint-gray" aria-hidden="true">✉</span><span class="tab-label">Inbox</span>\(badge)</a>
              </nav>
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

    /// The id the inbox's page is drawn with: its tab is the current one there.
    static let inboxID = "inbox"

    /// An app bar this many tabs wide or wider shows icons alone on a phone (each tab under 70 points), the current
    /// app's name standing in the bar at the top.
    static let compactTabCount = 6

    /// The header up to the inbox's tab (whose unread count is the request's): the current app's name (the bar's title
    /// on a phone and an iPad upright), and the apps, the current one marked.
    private static func header(navigation: [PageRenderer.NavigationItem], activeID: String?) -> HTML {
        let title = activeID == inboxID ? "Inbox" : navigation.first { $0.id == activeID }?.title
        let current: HTML? = title.map { "  <p class=\"current-app\">\($0)</p>\n" }
        let compact = navigation.count + 1 >= compactTabCount
        return """
            \(current)  <nav class="features\(if: compact, " compact")" aria-label="Apps">
                \(each: navigation, { item in
                """
                <a href="\(url: item.path)" class="tab\(if: item.id == activeID, " active")" data-feature-link="\(item.id)"\
                \(if: item.id == activeID, " aria-current=\"page\"")>\
                <span class="nav-icon tint-\(item.tint)" aria-hidden="true">\(item.icon)</span><span class="tab-label">\(item.title)</span></a>
                """
            })
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
              <span>\(HTML.withMoments(flash.message))</span>
              \(action)
            </div>
            """
    }
}
