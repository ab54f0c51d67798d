import Countdown
import Foundation
import Hummingbird
import Kernel
import KernelHTML
import KernelStorage
import KernelWeb

/// The countdown page, mounted at `/countdown`: the form and the list (`GET`), the list alone for live refreshes
/// (`GET rows`), start (`POST`), cancel (`POST :id/cancel`), clearing finished ones (`POST clear`) and putting them
/// back (`POST restore/:batch`, the clear's Undo). Each request acts on its person's countdowns only.
struct CountdownRoutes: FeatureRoutes {
    /// The countdowns' store; `store.of(person)` is one person's.
    let store: CountdownStore
    let pages: PageRenderer
    /// Each person's first page as last read and rendered: forgotten when a countdown changes or a notice is delivered
    /// (``CountdownFeature``'s caches).
    let firstPage: CachedValues<PersonID, CountdownFirstPage>
    /// Finished countdowns cleared a moment ago, by the batch's highest id, for Undo.
    let recentlyCleared = RecentlyDeleted<[Countdown]>()

    func add(to routes: RouterGroup<AppRequestContext>) {
        routes.get(use: page)
        routes.get("rows", use: rows)
        routes.post(use: start)
        routes.post(":id/cancel", use: cancel)
        routes.post("clear", use: clear)
        routes.post("restore/:id", use: restore)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await render(CountdownForm(), problems: [:], cursor: Self.cursor(request), request: request, context: context)
    }

    @Sendable func rows(_ request: Request, context: AppRequestContext) async throws -> Response {
        let cursor = Self.cursor(request)
        return PageRenderer.html(try await rowsHTML(store.of(context.person), cursor: cursor).html)
    }

    /// The list's markup, and whether any row listed has finished (the page then offers Clear finished).
    private func rowsHTML(_ store: CountdownStore, cursor: CountdownCursor?) async throws -> (html: HTML, hasFinished: Bool) {
        let now = Date()
        guard cursor == nil else {
            let listing = try await store.read(finishedAfter: cursor).listing(at: now)
            return (CountdownPage.rows(listing, cursor: cursor), listing.rows.contains(where: \.isFinished))
        }
        let first = try await firstPage.value(for: store.owner) { try await CountdownFirstPage(store) }
        return (first.rows(at: now), first.reading.hasFinished(at: now))
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
            let started = try await store.of(context.person).start(valid.duration, label: valid.label)
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
        guard let removed = try await store.of(context.person).cancel(id: id) else {
            return pages.redirect(to: "/countdown", flash: Flash(.error, "That countdown was already cancelled."))
        }
        return pages.redirect(to: "/countdown", flash: Flash(.success, "Cancelled \(removed.title)."))
    }

    @Sendable func clear(_ request: Request, context: AppRequestContext) async throws -> Response {
        let cleared = try await store.of(context.person).clearFinished()
        guard let batch = cleared.compactMap(\.id).max() else {
            return pages.redirect(to: "/countdown", flash: Flash(.info, "There were no finished countdowns to clear."))
        }
        recentlyCleared.remember(cleared, id: batch, of: context.person)
        let count = cleared.count
        return pages.redirect(
            to: "/countdown",
            flash: Flash(
                .info,
                count == 1 ? "Cleared 1 finished countdown." : "Cleared \(count) finished countdowns.",
                actionLabel: "Undo",
                actionPath: "/countdown/restore/\(batch)"
            )
        )
    }

    @Sendable func restore(_ request: Request, context: AppRequestContext) async throws -> Response {
        let batch = try context.id("There is nothing to put back at that address.")
        guard let cleared = recentlyCleared.take(batch, of: context.person) else {
            return pages.redirect(to: "/countdown", flash: Flash(.error, "That clear can no longer be undone."))
        }
        let count = try await store.of(context.person).restore(cleared)
        return pages.redirect(
            to: "/countdown",
            flash: Flash(.success, count == 1 ? "Put back 1 finished countdown." : "Put back \(count) finished countdowns.")
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
        let rows = try await rowsHTML(store.of(context.person), cursor: cursor)
        let view = CountdownPageView(
            form: form,
            problems: problems,
            rows: rows.html,
            cursor: cursor,
            hasFinished: rows.hasFinished,
            promise: store.scheduler.promise,
            csrfToken: context.csrfToken
        )
        return await pages.page("Countdown", body: CountdownPage.render(view), request: request, context: context, status: status)
    }
}

struct CountdownFields: Decodable {
    var hours: String?
    var minutes: String?
    var label: String?
}

/// The first page of countdowns as read, and its rows rendered.
struct CountdownFirstPage: Sendable {
    let reading: CountdownReading
    private let rendered: HTML
    /// How many had finished when the rows were rendered.
    private let finished: Int

    /// Reads the first page from `store` and renders it.
    init(_ store: CountdownStore) async throws {
        let now = Date()
        reading = try await store.read()
        rendered = CountdownPage.rows(reading.listing(at: now), cursor: nil)
        finished = reading.finishedCount(at: now)
    }

    /// The rows at `now`: as rendered, unless a countdown has ended since (its row then says Finished without Cancel,
    /// though its notice, which makes the page be read again, is not delivered yet).
    func rows(at now: Date) -> HTML {
        reading.finishedCount(at: now) == finished ? rendered : CountdownPage.rows(reading.listing(at: now), cursor: nil)
    }
}
