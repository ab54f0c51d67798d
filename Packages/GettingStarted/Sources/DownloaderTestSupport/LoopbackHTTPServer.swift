import Foundation
import KernelLoopback
import NIOCore
import NIOHTTP1
import Synchronization

/// A small HTTP/1.1 server on 127.0.0.1 that serves the cases a downloader must handle, for tests and benchmarks.
///
/// | path | response |
/// |---|---|
/// | `/page.html` | a short HTML page with `Content-Length` |
/// | `/chunked.html` | the same page, chunked, without `Content-Length` |
/// | `/drip?chunks=N&delay=MS&size=B` | N chunks of B bytes, MS milliseconds apart, with `Content-Length` |
/// | `/drip-unknown?…` | the same without `Content-Length` |
/// | `/bytes?size=N` | N bytes (`Content-Length`), written from one shared buffer |
/// | `/redirect?hops=N` | N redirects, then `/page.html` |
/// | `/redirect-to?location=L&delay=MS` | a redirect to L, after MS milliseconds |
/// | `/loop` | a redirect to itself |
/// | `/status?code=N` | status N with a short HTML body |
/// | `/reset` | promises 1000 bytes, sends 100, then closes the connection |
/// | `/stall` | promises 1000 bytes, sends 10, then goes silent |
/// | `/image.png` | a few PNG bytes, `Content-Type: image/png` |
/// | `/ranged?size=N` | N bytes with an `ETag`, honouring `Range` (206, or 416 past the end) |
/// | `/script.html` | a page holding a script, a style and an image |
public final class LoopbackHTTPServer: Sendable {
    private let server: LoopbackServer

    /// The port the server listens on.
    public var port: Int { server.port }

    /// The page served at `/page.html`.
    public static let page = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><title>Loopback Page</title></head>
        <body><h1>Hello</h1><p>From the loopback server.</p><a href="/other">Other</a></body></html>
        """

    /// The page served at `/script.html`.
    public static let scriptPage = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><title>Scripted Page</title>
        <style>body { background: red }</style></head>
        <body><h1>Has a script</h1><script>document.title = "pwned"; window.__pwned = true;</script>
        <img src="/image.png" onerror="window.__pwned = true"><p>Plain words.</p></body></html>
        """

    /// The page served at `/big.html?sections=N`: N sections, each a heading, a paragraph and a link (20,000
    /// sections make about 5 MB).
    public static func bigPage(sections: Int) -> String {
        var page = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Big Page</title></head><body>"
        page.reserveCapacity(sections * 260)
        for index in 0..<sections {
            page += "<h2>Section \(index)</h2><p>Paragraph \(index) of a long page, with enough ordinary words to read like "
            page += "a real article of some length, and a link: <a href=\"/articles/\(index)\">Article \(index)</a>.</p>\n"
        }
        return page + "</body></html>"
    }

    /// Starts a server on a free port of `host`, a loopback address (127.0.0.2 is another server to a download).
    public init(host: String = "127.0.0.1") async throws {
        let seen = SeenAddresses()
        server = try await LoopbackServer(host: host) { request, outbound in
            let firstTime = seen.insert(request.uri)
            return try await LoopbackResponder(request: request, outbound: outbound, firstTime: firstTime).respond()
        }
    }

    /// The address of `path` on this server.
    public func url(_ path: String) -> String {
        server.url(path)
    }

    /// Each request received so far, as `<path> range=<Range header or ->`.
    public var requests: [String] {
        server.requests.map { "\($0.uri) range=\($0.headers.first(name: "Range") ?? "-")" }
    }

    /// Stops listening and drops open connections.
    public func stop() async {
        await server.stop()
    }
}

/// The addresses a server has been asked for, so that a response can differ the first time.
private final class SeenAddresses: Sendable {
    private let addresses = Mutex<Set<String>>([])

    /// Records `uri`; returns whether it is the first request for it.
    func insert(_ uri: String) -> Bool {
        addresses.withLock { $0.insert(uri).inserted }
    }
}
