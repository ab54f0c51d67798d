import Downloader
import Foundation
import Hummingbird
import Kernel
import KernelHTML
import KernelStorage
import KernelWeb

/// The downloader's pages, mounted at `/downloads`:
///
/// | route | what it does |
/// |---|---|
/// | `GET /downloads` | the URL field and the newest downloads (`?before=ID`: the page after that one) |
/// | `GET /downloads/rows` | the list's rows alone, for live refresh (also with `?before=ID`); `?ids=`: those rows (``RowUpdates``) |
/// | `POST /downloads` | start a download of the `url` field |
/// | `POST /downloads/:id/cancel`, `/retry`, `/remove`, `/restore` | act on one download (restore: Undo a remove) |
/// | `GET /downloads/:id` | the viewer of a completed download |
///
/// Each request reads and acts on its person's downloads only; another's is, to them, one that does not exist (404).
struct DownloadRoutes: FeatureRoutes {
    let engine: DownloadEngine
    let pages: PageRenderer
    /// Each person's first page of rows, rendered once per change of the downloads (the feature forgets them on every
    /// ``DownloadChanged``); the address and bar of each running download are filled in as each request reads them.
    let firstPage: CachedValues<PersonID, DownloadRowsPage>
    /// Downloads removed a moment ago, for Undo.
    let removed = RecentlyDeleted<DownloadItem>()

    /// Reads and renders one page of `person`'s rows, newest first, older than the download `before`.
    static func rowsPage(_ store: DownloadStore, before: Int64?, of person: PersonID) async throws -> DownloadRowsPage {
        let page = try await store.page(before: before, limit: DownloadListPage.pageSize, of: person)
        return DownloadRowsPage(
            DownloadListPage.rows(page.items.map(DownloadRowView.init), older: before != nil),
            nextBefore: page.hasMore ? page.items.last?.id : nil
        )
    }

    /// The rows of `page` (`person`'s) ready to send, with the progress of its running downloads as it is now.
    func rendered(_ page: DownloadRowsPage, of person: PersonID) async throws -> RenderedHTML {
        if let ready = page.ready { return ready }
        let items = try await engine.store.items(ids: page.rows.slots, of: person)
        return RenderedHTML(page.rows) { id in
            items[id].map { DownloadListPage.running(DownloadRowView($0)) } ?? HTML()
        }
    }

    func add(to routes: RouterGroup<AppRequestContext>) {
        routes.get { request, context in
            try await listPage(url: "", error: nil, before: Self.before(request), request: request, context: context)
        }
        routes.get("rows") { request, context in
            // Some rows by id (a change event named them): each as it is now, in its place (the order is by id, which
            // a change never moves), or gone.
            if let ids = RowUpdates.ids(request) {
                let items = try await engine.store.items(ids: ids, of: context.person)
                var updates = RowUpdates()
                for id in ids {
                    guard let item = items[id] else {
                        updates.gone("download-\(id)")
                        continue
                    }
                    let row = DownloadListPage.row(DownloadRowView(item))
                    updates.row("download-\(id)", row.filled { _ in DownloadListPage.running(DownloadRowView(item)) })
                }
                return updates.response
            }
            let page = try await rows(before: Self.before(request), of: context.person)
            return PageRenderer.html(try await rendered(page, of: context.person))
        }
        routes.post { request, context in
            let text = try await request.decodeForm(as: DownloadForm.self, context: context).url ?? ""
            do {
                let item = try await engine.start(text, for: context.person)
                return pages.redirect(
                    to: "/downloads#download-\(item.id ?? 0)",
                    flash: Flash(.success, "Started downloading \(item.shortAddress).")
                )
            } catch let error as DownloadURLError {
                return try await listPage(
                    url: text,
                    error: error.description,
                    before: nil,
                    request: request,
                    context: context,
                    status: .unprocessableContent
                )
            }
        }
        routes.post(":id/cancel") { _, context in
            try await act(context) { id in
                let item = try await engine.cancel(id: id, of: context.person)
                return "Cancelled \(item.shortAddress)."
            }
        }
        routes.post(":id/retry") { _, context in
            try await act(context) { id in
                let item = try await engine.retry(id: id, of: context.person)
                return "Downloading \(item.shortAddress) again."
            }
        }
        routes.post(":id/remove") { request, context in
            let id = try Self.id(context)
            do {
                let item = try await engine.remove(id: id, of: context.person)
                removed.remember(item, id: id, of: context.person)
                return pages.redirect(
                    to: "/downloads",
                    flash: Flash(.info, "Removed \(item.shortAddress).", actionLabel: "Undo", actionPath: "/downloads/\(id)/restore"),
                    for: request
                )
            } catch let error as DownloadError {
                return pages.redirect(to: "/downloads", flash: Flash(.error, error.description), for: request)
            }
        }
        routes.post(":id/restore") { request, context in
            let id = try Self.id(context)
            guard let item = removed.take(id, of: context.person) else {
                return pages.redirect(to: "/downloads", flash: Flash(.error, "That remove can no longer be undone."), for: request)
            }
            let restored = try await engine.restore(item, for: context.person)
            return pages.redirect(
                to: "/downloads#download-\(id)",
                flash: Flash(.success, "Put back \(restored.shortAddress)."),
                for: request
            )
        }
        routes.get(":id/text") { _, context in
            // The whole readable text of a completed download, as plain text (the viewer shows its start).
            let id = try Self.id(context)
            guard let item = try await engine.store.find(id: id, of: context.person), item.state == .completed,
                let data = FileManager.default.contents(atPath: engine.filePath(for: id))
            else { throw HTTPError(.notFound, message: "There is no completed download at that address.") }
            return Response(
                status: .ok,
                headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: DownloadViewer.fullText(of: item, data: data)))
            )
        }
        routes.get(":id") { request, context in
            let id = try Self.id(context)
            guard let item = try await engine.store.find(id: id, of: context.person) else {
                throw HTTPError(.notFound, message: DownloadError.notFound(id: id).description)
            }
            let data: Data
            switch ViewerRefusal.file(of: item, engine: engine) {
            case .success(let bytes): data = bytes
            case .failure(let refusal):
                let kind: Flash.Kind = if case .notCompleted = refusal { .info } else { .error }
                return pages.redirect(to: "/downloads", flash: Flash(kind, refusal.description))
            }
            let view = DownloadViewer.view(of: item, data: data)
            return await pages.page(view.title, body: DownloadViewerPage.render(view), request: request, context: context)
        }
    }

    private func rows(before: Int64?, of person: PersonID) async throws -> DownloadRowsPage {
        guard let before else {
            return try await firstPage.value(for: person) { try await Self.rowsPage(engine.store, before: nil, of: person) }
        }
        return try await Self.rowsPage(engine.store, before: before, of: person)
    }

    /// The `before` cursor of the page asked for; nil (the first page) when absent or not a row id.
    private static func before(_ request: Request) -> Int64? {
        request.uri.queryParameters.get("before").flatMap { Int64($0) }.flatMap { $0 > 0 ? $0 : nil }
    }

    private func listPage(
        url: String,
        error: String?,
        before: Int64?,
        request: Request,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let view = DownloadListView(
            rows: try await rows(before: before, of: context.person),
            before: before,
            url: url,
            urlError: error,
            maxSize: ByteCountText.format(engine.settings.maxBytes),
            csrfToken: context.csrfToken
        )
        return await pages.page(
            "Downloads",
            before: DownloadListPage.opening(view),
            rendered: try await rendered(view.rows, of: context.person),
            after: DownloadListPage.closing(view),
            request: request,
            context: context,
            status: status
        )
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
