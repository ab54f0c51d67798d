import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Serves the shell's static files and each feature's from memory, the scripts and stylesheets under names that
/// hold a digest of their content, cached for good.
///
/// A page loads the shell's script as one file (`/static/app.<digest>.js`: its parts in ``shellScripts``' order), its
/// stylesheet as one (`/static/app.<digest>.css`), and its feature's own (`/static/<feature-id>/<id>.<digest>.css`,
/// `.js`). A changed file is a new name, so each is sent with `Cache-Control: immutable` and a browser (or the service
/// worker) never asks again: a tap costs the page alone. Other files (icons) keep their names, with an `ETag` and
/// `no-cache`. The files never change while the host runs, so they are read once at start: a request costs a
/// dictionary lookup. Only names that exist are served: anything else under `/static/` is a 404.
struct StaticAssets: RouterMiddleware {
    typealias Context = AppRequestContext

    struct Asset: Sendable {
        let body: ByteBuffer
        let contentType: String
        let etag: String
        /// Served under a name holding its digest: cached for good.
        let immutable: Bool
    }

    /// The shell's script, in the order its parts run: each one job, then `app.js`, which starts them.
    static let shellScripts = [
        "app-clock.js", "app-dates.js", "app-swipe.js", "app-refresh.js", "app-more.js", "app-forms.js", "app-install.js",
        "app-visit.js", "app.js",
    ]

    private let assets: [String: Asset]
    /// The path of the shell's one script.
    let script: String
    /// The path of the shell's one stylesheet.
    let stylesheet: String
    /// For each feature with static files, the paths of its stylesheet and script (`<id>.css`, `<id>.js`) if it has them.
    let featureAssets: [String: FeatureAssets]
    /// The moments script (`app-clock.js`), which the service worker carries too.
    let clockScript: String

    /// Loads every file directly inside the shell's folder and each feature's.
    init(shell: URL?, features: [(id: String, folder: URL?)]) throws {
        var assets: [String: Asset] = [:]
        var shellFiles = try shell.map(Self.files(in:)) ?? [:]
        clockScript = String(decoding: shellFiles["app-clock.js"] ?? Data(), as: UTF8.self)
        let parts = Self.shellScripts.compactMap { shellFiles.removeValue(forKey: $0) }
        script = Self.add(name: "app.js", prefix: "/static/", data: Data(parts.joined(separator: Data("\n".utf8))), to: &assets)
        stylesheet = Self.add(name: "app.css", prefix: "/static/", data: shellFiles.removeValue(forKey: "app.css") ?? Data(), to: &assets)
        for (name, data) in shellFiles { Self.add(name: name, prefix: "/static/", data: data, to: &assets) }
        var featureAssets: [String: FeatureAssets] = [:]
        for (id, folder) in features {
            guard let folder, FileManager.default.fileExists(atPath: folder.path) else { continue }
            var paths: [String: String] = [:]
            for (name, data) in try Self.files(in: folder) {
                paths[name] = Self.add(name: name, prefix: "/static/\(id)/", data: data, to: &assets)
            }
            featureAssets[id] = FeatureAssets(stylesheet: paths[id + ".css"], script: paths[id + ".js"])
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

    /// The files directly inside `folder`, by name.
    private static func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            var isDirectory: ObjCBool = false
            let file = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            files[name] = try Data(contentsOf: file)
        }
        return files
    }

    /// Adds file `name` under `prefix`, a script or stylesheet under a name with its digest (`app.3f2a….js`); returns
    /// its path.
    @discardableResult
    private static func add(name: String, prefix: String, data: Data, to assets: inout [String: Asset]) -> String {
        // From the content alone, so a restart keeps the names and tags browsers hold (and the service worker its copy).
        let digest = digest(data)
        let type = (name as NSString).pathExtension.lowercased()
        let immutable = type == "js" || type == "css"
        let path = prefix + (immutable ? "\((name as NSString).deletingPathExtension).\(digest).\(type)" : name)
        assets[path] = Asset(
            body: ByteBuffer(bytes: data),
            contentType: contentType(of: name),
            etag: "\"\(digest)-\(data.count)\"",
            immutable: immutable
        )
        return path
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
            .cacheControl: asset.immutable ? "public, max-age=31536000, immutable" : "no-cache",
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
