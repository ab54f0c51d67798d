import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Serves the shell's static files (`/static/<name>`) and each feature's (`/static/<feature-id>/<name>`) from memory.
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
    /// For each feature with static files, the paths of its stylesheet and script (`<id>.css`, `<id>.js`) if it has them.
    let featureAssets: [String: FeatureAssets]

    /// Loads every file directly inside the shell's folder and each feature's.
    init(shell: URL?, features: [(id: String, folder: URL?)]) throws {
        var assets: [String: Asset] = [:]
        if let shell { try Self.load(shell, prefix: "/static/", into: &assets) }
        var featureAssets: [String: FeatureAssets] = [:]
        for (id, folder) in features {
            guard let folder, FileManager.default.fileExists(atPath: folder.path) else { continue }
            let prefix = "/static/\(id)/"
            try Self.load(folder, prefix: prefix, into: &assets)
            let stylesheet = prefix + id + ".css"
            let script = prefix + id + ".js"
            featureAssets[id] = FeatureAssets(
                stylesheet: assets[stylesheet] == nil ? nil : stylesheet,
                script: assets[script] == nil ? nil : script
            )
        }
        self.assets = assets
        self.featureAssets = featureAssets
    }

    /// Every path served, sorted: what the service worker keeps for the app to open offline.
    var paths: [String] { assets.keys.sorted() }

    /// The file served at `path`, if any.
    func asset(_ path: String) -> Asset? { assets[path] }

    /// One tag for all the files: it changes when any of them does, so the service worker keeps the new set.
    var version: String {
        let tags = paths.map { "\($0) \(assets[$0]?.etag ?? "")" }.joined(separator: "\n")
        return Self.digest(Data(tags.utf8))
    }

    private static func load(_ folder: URL, prefix: String, into assets: inout [String: Asset]) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            var isDirectory: ObjCBool = false
            let file = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            let data = try Data(contentsOf: file)
            // From the content alone, so a restart keeps the tags browsers hold (and the service worker its copy).
            let etag = "\"\(digest(data))-\(data.count)\""
            assets[prefix + name] = Asset(body: ByteBuffer(bytes: data), contentType: contentType(of: name), etag: etag)
        }
    }

    /// The first 16 hex digits of `data`'s SHA-256.
    static func digest(_ data: Data) -> String {
        SHA256.hash(data: data).prefix(8).map { String(format: "%02x", $0) }.joined()
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

/// A feature's stylesheet and script, linked from its pages.
struct FeatureAssets: Sendable {
    let stylesheet: String?
    let script: String?
}
