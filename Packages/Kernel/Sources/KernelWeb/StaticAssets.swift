import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Serves the shell's static files (`/static/<name>`) from memory.
///
/// The files are small and never change while the host runs, so they are read once at start: a request costs a
/// dictionary lookup, not a router miss, a `stat`, an `open` and a `read` (as a file middleware does). Each answer
/// carries an `ETag`; a matching `If-None-Match` gets 304. Only names that exist are served: anything else under
/// `/static/` is a 404, whatever it is spelled like.
struct StaticAssets: RouterMiddleware {
    typealias Context = AppRequestContext

    struct Asset: Sendable {
        let body: ByteBuffer
        let contentType: String
        let etag: String
    }

    private let assets: [String: Asset]

    /// Loads every regular file directly inside `folder`.
    init(folder: URL) throws {
        var assets: [String: Asset] = [:]
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            var hasher = Hasher()
            hasher.combine(data)
            let etag = "\"\(String(UInt(bitPattern: hasher.finalize()), radix: 16))-\(data.count)\""
            assets["/static/\(name)"] = Asset(body: ByteBuffer(bytes: data), contentType: Self.contentType(of: name), etag: etag)
        }
        self.assets = assets
    }

    func handle(
        _ request: Request,
        context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        guard path.hasPrefix("/static/") else { return try await next(request, context) }
        guard request.method == .get || request.method == .head, let asset = assets[path] else {
            throw HTTPError(.notFound)
        }
        var headers: HTTPFields = [
            .contentType: asset.contentType,
            .eTag: asset.etag,
            .cacheControl: "no-cache",
        ]
        if request.headers[.ifNoneMatch] == asset.etag {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(asset.body.readableBytes)
        return Response(status: .ok, headers: headers, body: request.method == .head ? .init() : .init(byteBuffer: asset.body))
    }

    static func contentType(of name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}
