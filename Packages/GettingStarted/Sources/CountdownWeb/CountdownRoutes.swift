import Countdown
import Foundation
import Hummingbird
import Kernel
import KernelWeb

/// The countdown page, mounted at `/countdown`: the form and the list (`GET`), the list alone for live refreshes
/// (`GET rows`), start (`POST`), cancel (`POST :id/cancel`) and clearing finished ones (`POST clear`).
struct CountdownRoutes: FeatureRoutes {
    let store: CountdownStore
    let pages: PageRenderer

    func add(to routes: RouterGroup<AppRequestContext>) {
        routes.get(use: page)
        routes.get("rows", use: rows)
        routes.post(use: start)
        routes.post(":id/cancel", use: cancel)
        routes.post("clear", use: clear)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await render(CountdownForm(), problems: [:], request: request, context: context)
    }

    @Sendable func rows(_ request: Request, context: AppRequestContext) async throws -> Response {
        let rows = try await store.list()
        return PageRenderer.html(CountdownPage.rows(rows, csrfToken: context.csrfToken))
    }

    @Sendable func start(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await request.decodeForm(as: CountdownFields.self, context: context)
        let form = CountdownForm(hours: fields.hours ?? "", minutes: fields.minutes ?? "", label: fields.label ?? "")
        switch form.validated() {
        case .failure(let problems):
            return try await render(form, problems: problems.byField, request: request, context: context, status: .unprocessableContent)
        case .success(let valid):
            let started = try await store.start(valid.duration, label: valid.label)
            var message = "Started \(started.countdown.title): it ends at \(CountdownPage.time(started.countdown.deadline))."
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
        request: Request,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let view = CountdownPageView(
            form: form,
            problems: problems,
            rows: try await store.list(),
            promise: store.scheduler.promise,
            csrfToken: context.csrfToken
        )
        return pages.page("Countdown", body: CountdownPage.render(view), request: request, context: context, status: status)
    }
}

struct CountdownFields: Decodable {
    var hours: String?
    var minutes: String?
    var label: String?
}
