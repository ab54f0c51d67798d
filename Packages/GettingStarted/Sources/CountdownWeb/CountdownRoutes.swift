import Countdown
import Foundation
import Hummingbird
import Kernel
import KernelHTML
import KernelWeb
import Synchronization

/// The countdown page, mounted at `/countdown`: the form and the list (`GET`), the list alone for live refreshes
/// (`GET rows`), start (`POST`), cancel (`POST :id/cancel`) and clearing finished ones (`POST clear`).
struct CountdownRoutes: FeatureRoutes {
    let store: CountdownStore
    let pages: PageRenderer
    /// The first page's rows as last rendered: the same for every visitor, and for a quarter of a second.
    let rendered = RenderedRows()

    func add(to routes: RouterGroup<AppRequestContext>) {
        routes.get(use: page)
        routes.get("rows", use: rows)
        routes.post(use: start)
        routes.post(":id/cancel", use: cancel)
        routes.post("clear", use: clear)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await render(CountdownForm(), problems: [:], cursor: Self.cursor(request), request: request, context: context)
    }

    @Sendable func rows(_ request: Request, context: AppRequestContext) async throws -> Response {
        let cursor = Self.cursor(request)
        return PageRenderer.html(try await rowsHTML(cursor: cursor).html)
    }

    /// The list's markup: the first page's from ``rendered`` while its rows and the quarter-second are the same.
    /// Also says whether any row listed has finished (the page then offers Clear finished).
    private func rowsHTML(cursor: CountdownCursor?) async throws -> (html: HTML, hasFinished: Bool) {
        let now = Date()
        let listing = try await store.list(now: now, finishedAfter: cursor)
        let hasFinished = listing.rows.contains(where: \.isFinished)
        guard let kept = listing.keptSince else { return (CountdownPage.rows(listing, cursor: cursor), hasFinished) }
        let key = RenderedRows.Key(keptSince: kept, quarter: Int64((now.timeIntervalSince1970 * 4).rounded(.down)))
        return (rendered.html(for: key) { CountdownPage.rows(listing, cursor: nil) }, hasFinished)
    }

    /// The page of finished countdowns asked for (`?finished-after=<ms>.<id>`); nil (the first page) for none or
    /// for one that is not a cursor.
    static func cursor(_ request: Request) -> CountdownCursor? {
        request.uri.queryParameters.get("finished-after").flatMap(CountdownCursor.init)
    }

    @Sendable func start(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await request.decodeForm(as: CountdownFields.self, context: context)
        let form = CountdownForm(hours: fields.hours ?? "", minutes: fields.minutes ?? "", label: fields.label ?? "")
        switch form.validated() {
        case .failure(let problems):
            return try await render(
                form,
                problems: problems.byField,
                cursor: nil,
                request: request,
                context: context,
                status: .unprocessableContent
            )
        case .success(let valid):
            let started = try await store.start(valid.duration, label: valid.label)
            var message = "Started \(started.countdown.title): it ends \(ClockTime.when(started.countdown.deadline))."
            if let problem = started.schedulerProblem {
                message +=
                    " The system’s scheduler did not take it (\(problem)), so if Atelier is closed then, you will be notified when it is next running."
            }
            return pages.redirect(to: "/countdown", flash: Flash(.success, message))
        }
    }

    @Sendable func cancel(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.id("There is no such countdown.")
        guard let removed = try await store.cancel(id: id) else {
            return pages.redirect(to: "/countdown", flash: Flash(.error, "That countdown was already cancelled."))
        }
        return pages.redirect(to: "/countdown", flash: Flash(.success, "Cancelled \(removed.title)."))
    }

    @Sendable func clear(_ request: Request, context: AppRequestContext) async throws -> Response {
        let count = try await store.clearFinished()
        return pages.redirect(
            to: "/countdown",
            flash: Flash(.success, count == 1 ? "Cleared 1 finished countdown." : "Cleared \(count) finished countdowns.")
        )
    }

    private func render(
        _ form: CountdownForm,
        problems: [CountdownForm.Field: String],
        cursor: CountdownCursor?,
        request: Request,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let rows = try await rowsHTML(cursor: cursor)
        let view = CountdownPageView(
            form: form,
            problems: problems,
            rows: rows.html,
            cursor: cursor,
            hasFinished: rows.hasFinished,
            promise: store.scheduler.promise,
            csrfToken: context.csrfToken
        )
        return pages.page("Countdown", body: CountdownPage.render(view), request: request, context: context, status: status)
    }
}

/// One rendering of the list's rows, kept for as long as its key holds.
final class RenderedRows: Sendable {
    struct Key: Hashable {
        let keptSince: Date
        let quarter: Int64
    }

    private let kept = Mutex<(key: Key, html: HTML)?>(nil)

    /// The markup for `key`, rendered by `render` when the kept one is for another key.
    func html(for key: Key, render: () -> HTML) -> HTML {
        if let hit = kept.withLock({ $0?.key == key ? $0?.html : nil }) { return hit }
        let html = render()
        kept.withLock { $0 = (key, html) }
        return html
    }
}

struct CountdownFields: Decodable {
    var hours: String?
    var minutes: String?
    var label: String?
}
