import Foundation
import Hummingbird
import KernelHTML
import NIOCore

/// What makes the host an installable app: the web app manifest (name, colours, icons, a shortcut per app), the
/// service worker (`/sw.js`, at the root so that it serves every page), and each app's icon as SVG for the shortcuts.
struct WebAppRoutes {
    let navigation: [PageRenderer.NavigationItem]
    let assets: StaticAssets
    /// The worker's script, as written in the resources (without what is put before it: the files' tag and paths, the
    /// stylesheet's path and the moments script).
    let workerScript: String

    /// The light scheme's background (`--bg` in app.css): the manifest's colours and the light theme colour.
    static let lightBackground = "#f2f2f7"
    /// The dark scheme's background: the dark theme colour.
    static let darkBackground = "#000000"

    /// The tile colours of app.css, top to bottom of each gradient.
    static let tints: [String: (String, String)] = [
        "blue": ("#40a0ff", "#007aff"), "green": ("#5fd97c", "#28b446"), "orange": ("#ffb340", "#ff9500"),
        "red": ("#ff6b61", "#ff3b30"), "purple": ("#c77dff", "#af52de"), "pink": ("#ff6b8b", "#ff2d55"),
        "teal": ("#5ad1e6", "#30b0c7"), "indigo": ("#7d7aff", "#5856d6"),
    ]

    func add(to router: Router<AppRequestContext>) {
        let manifest = ByteBuffer(data: Self.manifest(navigation))
        router.get("/manifest.webmanifest") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/manifest+json", .cacheControl: "no-cache"],
                body: .init(byteBuffer: manifest)
            )
        }
        let shellPaths =
            (try? JSONSerialization.data(withJSONObject: assets.paths + ["/manifest.webmanifest"], options: .withoutEscapingSlashes))
            ?? Data()
        let worker = ByteBuffer(
            string: "var VERSION = \"\(assets.version)\";\nvar SHELL = \(String(decoding: shellPaths, as: UTF8.self));\n"
                + "var STYLESHEET = \"\(assets.stylesheet)\";\n" + assets.clockScript + "\n" + workerScript
        )
        router.get("/sw.js") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: worker)
            )
        }
        let icons = Dictionary(
            navigation.map { ($0.id, ByteBuffer(string: Self.icon($0))) },
            uniquingKeysWith: { first, _ in first }
        )
        router.get("/icons/:name") { _, context in
            let name = context.parameters.get("name") ?? ""
            guard name.hasSuffix(".svg"), let icon = icons[String(name.dropLast(4))] else { throw HTTPError(.notFound) }
            return Response(
                status: .ok,
                headers: [.contentType: "image/svg+xml", .cacheControl: "no-cache"],
                body: .init(byteBuffer: icon)
            )
        }
    }

    /// The manifest: the host as one app, opening on the launcher, with a shortcut to each app.
    static func manifest(_ navigation: [PageRenderer.NavigationItem]) -> Data {
        let icon = { (src: String, size: Int, purpose: String) -> [String: String] in
            ["src": src, "sizes": "\(size)x\(size)", "type": "image/png", "purpose": purpose]
        }
        let manifest: [String: Any] = [
            "id": "/",
            "name": "Atelier",
            "short_name": "Atelier",
            "description": "Small apps in one place: tasks, assignments, news, downloads, countdowns and more.",
            "lang": "en",
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "theme_color": lightBackground,
            "background_color": lightBackground,
            "icons": [
                icon("/static/icon-192.png", 192, "any"),
                icon("/static/icon-512.png", 512, "any"),
                icon("/static/icon-maskable-512.png", 512, "maskable"),
            ],
            "shortcuts": navigation.map { item -> [String: Any] in
                [
                    "name": item.title,
                    "short_name": item.title,
                    "description": item.summary,
                    "url": item.path,
                    "icons": [["src": "/icons/\(item.id).svg", "sizes": "any", "type": "image/svg+xml"]],
                ]
            },
        ]
        return (try? JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// An app's launcher tile as an SVG: its glyph, white, on its tint.
    static func icon(_ item: PageRenderer.NavigationItem) -> String {
        let (top, bottom) = tints[item.tint] ?? tints["blue"]!
        let glyph: HTML = "\(item.icon)"
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">\
            <defs><linearGradient id="t" x1="0" y1="0" x2="0.5" y2="1"><stop offset="0" stop-color="\(top)"/>\
            <stop offset="1" stop-color="\(bottom)"/></linearGradient></defs>\
            <rect width="96" height="96" rx="22" fill="url(#t)"/>\
            <text x="48" y="64" font-size="48" text-anchor="middle" fill="#ffffff" \
            font-family="system-ui, -apple-system, 'DejaVu Sans', sans-serif">\(glyph)</text></svg>
            """
    }
}
