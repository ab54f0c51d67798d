import Hummingbird
import KernelStorage
import KernelWeb
import NewsReader
import ServiceLifecycle

/// The reader's pages, mounted at `/news`:
///
/// | route | what it does |
/// |---|---|
/// | `GET /news` | the newest headlines (`?after=<id>` for the next page, `?q=` for the stories that match) |
/// | `GET /news/rows` | the first page's status line and rows alone (or a search's, `?q=`), for live refresh |
/// | `GET /news/:id` | one story |
/// | `POST /news/reload` | fetch the feed now (the Reload button, Retry, pull-to-refresh) |
/// | `POST /news/analytics` | a screen's display time, measured by the browser, forwarded as an analytics hit |
struct NewsRoutes: FeatureRoutes {
    let headlines: HeadlineCache
    let refresher: FeedRefresher
    let analytics: any AnalyticsSink
    let pages: PageRenderer

    func add(to routes: RouterGroup<AppRequestContext>) {
        routes.get(use: list)
        routes.get("rows", use: rows)
        routes.post("reload", use: reload)
        routes.post("analytics", use: display)
        routes.get(":id", use: article)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        if let search = Self.search(request) {
            let state = try await headlines.listState(matching: search)
            return await pages.page(
                "News",
                body: NewsPages.list(state, csrfToken: context.csrfToken, search: search),
                request: request,
                context: context
            )
        }
        guard let cursor = request.uri.queryParameters.get("after").map({ String($0) }) else {
            // The first page's list is the same bytes for everyone until the headlines change: sent as kept.
            let first = try await headlines.firstPage()
            return await pages.page(
                "News",
                before: NewsPages.listOpening(first.state, csrfToken: context.csrfToken, statusWords: first.statusWords),
                rendered: first.bytes,
                after: NewsPages.listClosing(first.state),
                request: request,
                context: context
            )
        }
        guard let state = try await headlines.listState(after: cursor) else {
            // The story the page continued from has left the feed (or the address was edited): start again at the top.
            return pages.redirect(to: "/news", flash: Flash(.info, "The headlines have changed; these are the newest."))
        }
        return await pages.page("News", body: NewsPages.list(state, csrfToken: context.csrfToken), request: request, context: context)
    }

    @Sendable func rows(_ request: Request, context: AppRequestContext) async throws -> Response {
        if let search = Self.search(request) {
            let state = try await headlines.listState(matching: search)
            return PageRenderer.html(NewsPages.rows(state, csrfToken: context.csrfToken, search: search))
        }
        let first = try await headlines.firstPage()
        return PageRenderer.html(
            NewsPages.rows(first.state, csrfToken: context.csrfToken, list: first.list, statusWords: first.statusWords)
        )
    }

    /// What the headlines are searched for (`?q=`), if anything.
    static func search(_ request: Request) -> String? {
        request.search?.text
    }

    @Sendable func article(_ request: Request, context: AppRequestContext) async throws -> Response {
        let missing = "There is no story at that address. It may have left the feed; the list has the current headlines."
        guard let id = context.parameters.get("id"), let row = try await headlines.row(id: id) else {
            throw HTTPError(.notFound, message: missing)
        }
        return await pages.page(row.headline, body: NewsPages.article(row), request: request, context: context)
    }

    @Sendable func reload(_ request: Request, context: AppRequestContext) async throws -> Response {
        // The host stops taking requests before it stops services, and waits for this one: a shutdown stops the fetch
        // rather than waiting for its deadline.
        let outcome = await withGracefulShutdownHandler {
            await refresher.refresh()
        } onGracefulShutdown: { [refresher] in
            Task { await refresher.stop() }
        }
        switch outcome {
        case .updated(let changes, _):
            let added = changes.added.count
            let text = added == 0 ? "Headlines updated." : "Headlines updated: \(added) new."
            return pages.redirect(to: "/news#news-reload", flash: Flash(.success, text))
        case .unchanged:
            return pages.redirect(to: "/news#news-reload", flash: Flash(.info, "Headlines are up to date."))
        case .failed:
            // The list's status line says why, with Retry: one sentence, not the same one twice. Focus comes back to
            // Reload (#news-reload), where the person was.
            return pages.redirect(to: "/news#news-reload")
        }
    }

    @Sendable func display(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await request.decodeForm(as: DisplayForm.self, context: context, limit: 1024)
        guard let screen = form.screen.flatMap(NewsScreen.init(rawValue:)), let time = form.time,
            (0...AnalyticsEvent.maxDisplayMilliseconds).contains(time)
        else { throw HTTPError(.badRequest, message: "A display event needs a screen and a time in milliseconds.") }
        analytics.record(.display(milliseconds: time, screen: screen))
        return Response(status: .noContent)
    }
}

/// What a page posts when it has been shown.
struct DisplayForm: Decodable {
    var screen: String?
    var time: Int?
}
