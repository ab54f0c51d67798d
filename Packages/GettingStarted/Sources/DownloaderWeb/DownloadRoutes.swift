import Downloader
import Foundation
import Hummingbird
import KernelWeb

/// The downloader's pages, mounted at `/downloads`:
///
/// | route | what it does |
/// |---|---|
/// | `GET /downloads` | the URL field and the list of every download |
/// | `GET /downloads/rows` | the list's rows alone, for live refresh |
/// | `POST /downloads` | start a download of the `url` field |
/// | `POST /downloads/:id/cancel`, `/retry`, `/remove` | act on one download |
/// | `GET /downloads/:id` | the viewer of a completed download |
struct DownloadRoutes: FeatureRoutes {
    let engine: DownloadEngine
    let pages: PageRenderer

    func add(to routes: RouterGroup<AppRequestContext>) {
        routes.get { request, context in
            try await listPage(url: "", error: nil, request: request, context: context)
        }
        routes.get("rows") { _, context in
            PageRenderer.html(DownloadListPage.rows(try await rows(context)))
        }
        routes.post { request, context in
            let text = try await request.decodeForm(as: DownloadForm.self, context: context).url ?? ""
            do {
                let item = try await engine.start(text)
                return pages.redirect(to: "/downloads#download-\(item.id ?? 0)", flash: Flash(.success, "Started downloading \(item.url)."))
            } catch let error as DownloadURLError {
                return try await listPage(
                    url: text,
                    error: error.description,
                    request: request,
                    context: context,
                    status: .unprocessableContent
                )
            }
        }
        routes.post(":id/cancel") { _, context in
            try await act(context) { id in
                let item = try await engine.cancel(id: id)
                return "Cancelled \(item.url)."
            }
        }
        routes.post(":id/retry") { _, context in
            try await act(context) { id in
                let item = try await engine.retry(id: id)
                return "Downloading \(item.url) again."
            }
        }
        routes.post(":id/remove") { _, context in
            try await act(context) { id in
                let url = try await engine.store.find(id: id)?.url ?? "the download"
                try await engine.remove(id: id)
                return "Removed \(url)."
            }
        }
        routes.get(":id") { request, context in
            let id = try Self.id(context)
            guard let item = try await engine.store.find(id: id) else {
                throw HTTPError(.notFound, message: DownloadError.notFound(id: id).description)
            }
            guard item.state == .completed else {
                return pages.redirect(
                    to: "/downloads",
                    flash: Flash(.info, "That download is \(item.state.label.lowercased()): only completed downloads can be viewed.")
                )
            }
            guard let data = FileManager.default.contents(atPath: engine.filePath(for: id)) else {
                return pages.redirect(to: "/downloads", flash: Flash(.error, "The downloaded file is missing. Retry the download."))
            }
            let view = DownloadViewer.view(of: item, data: data)
            return pages.page(view.title, body: DownloadViewerPage.render(view), request: request, context: context)
        }
    }

    private func rows(_ context: AppRequestContext) async throws -> [DownloadRowView] {
        try await engine.store.all().map { DownloadRowView($0, csrfToken: context.csrfToken) }
    }

    private func listPage(
        url: String,
        error: String?,
        request: Request,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let view = DownloadListView(
            rows: try await rows(context),
            url: url,
            urlError: error,
            maxSize: ByteCountText.format(engine.settings.maxBytes),
            csrfToken: context.csrfToken
        )
        return pages.page("Downloads", body: DownloadListPage.render(view), request: request, context: context, status: status)
    }

    private func act(_ context: AppRequestContext, _ action: (Int64) async throws -> String) async throws -> Response {
        let id = try Self.id(context)
        do {
            let message = try await action(id)
            return pages.redirect(to: "/downloads#download-\(id)", flash: Flash(.success, message))
        } catch let error as DownloadError {
            return pages.redirect(to: "/downloads", flash: Flash(.error, error.description))
        }
    }

    private static func id(_ context: AppRequestContext) throws -> Int64 {
        try context.id("There is no download at that address.")
    }
}

/// The download form's one field.
struct DownloadForm: Decodable {
    var url: String?
}
