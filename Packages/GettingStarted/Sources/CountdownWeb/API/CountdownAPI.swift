import Countdown
import Foundation
import HTTPTypes
import Hummingbird
import KernelAPI
import KernelWeb
import Logging
import OpenAPIRuntime

/// The countdown's JSON API (`/api/v1/countdowns…`, the `countdowns` part of the host's OpenAPI document), on the
/// server protocol generated from it (`Generated/`): the page's form check, start and cancel, and its list.
/// Each operation acts on the countdowns of the request's person (``APIRequest/person``).
struct CountdownAPI: APIProtocol, FeatureRoutes {
    /// The countdowns' store; ``countdowns`` is the request's person's.
    let store: CountdownStore
    let logger: Logger

    /// The countdowns of the person the request acts as.
    private var countdowns: CountdownStore { store.of(APIRequest.person) }

    func add(to routes: RouterGroup<AppRequestContext>) {
        APIRouter.mount(on: routes, logger: logger) {
            try registerHandlers(on: $0, configuration: $1, middlewares: $2)
        }
    }

    func listCountdowns(_ input: Operations.ListCountdowns.Input) async throws -> Operations.ListCountdowns.Output {
        var cursor: CountdownCursor?
        if let after = input.query.after {
            guard let parsed = CountdownCursor(after) else {
                throw APIProblem.notACursor
            }
            cursor = parsed
        }
        let listing = try await countdowns.list(finishedAfter: cursor)
        return .ok(
            .init(
                body: .json(
                    .init(
                        countdowns: listing.rows.map { Self.countdown($0.countdown, finished: $0.isFinished) },
                        runningNotShown: listing.runningNotShown,
                        next: listing.nextFinished?.description
                    )
                )
            )
        )
    }

    func startCountdown(_ input: Operations.StartCountdown.Input) async throws -> Operations.StartCountdown.Output {
        guard case .json(let draft) = input.body else { throw APIProblem(.unsupportedMediaType, title: "Send JSON.") }
        // The page's form, filled with what was sent: one check, the same sentences.
        let form = CountdownForm(hours: String(draft.hours ?? 0), minutes: String(draft.minutes ?? 0), label: draft.label ?? "")
        switch form.validated() {
        case .failure(let problems):
            let errors = CountdownForm.Field.allCases.compactMap { field in
                problems.byField[field].map { Components.Schemas.FieldError(field: field.rawValue, message: $0) }
            }
            return .unprocessableContent(
                .init(body: .applicationProblemJson(.init(title: "The countdown was not started.", status: 422, errors: errors)))
            )
        case .success(let valid):
            let started = try await countdowns.start(valid.duration, label: valid.label)
            var countdown = Self.countdown(started.countdown, finished: false)
            countdown.warning = started.schedulerProblem.map {
                "The system’s scheduler did not take it (\($0)), so if Atelier is closed then, you will be notified when it is next running."
            }
            return .created(.init(headers: .init(location: "/api/v1/countdowns/\(countdown.id)"), body: .json(countdown)))
        }
    }

    func getCountdown(_ input: Operations.GetCountdown.Input) async throws -> Operations.GetCountdown.Output {
        guard let countdown = try await countdowns.find(id: input.path.id) else {
            return .notFound(.init(body: .applicationProblemJson(.init(title: "There is no such countdown.", status: 404))))
        }
        return .ok(.init(body: .json(Self.countdown(countdown, finished: countdown.isFinished(at: Date())))))
    }

    func cancelCountdown(_ input: Operations.CancelCountdown.Input) async throws -> Operations.CancelCountdown.Output {
        guard try await countdowns.cancel(id: input.path.id) != nil else {
            return .notFound(.init(body: .applicationProblemJson(.init(title: "That countdown was already cancelled.", status: 404))))
        }
        return .noContent(.init())
    }

    static func countdown(_ countdown: Countdown, finished: Bool) -> Components.Schemas.Countdown {
        .init(
            id: countdown.id ?? 0,
            label: countdown.label,
            title: countdown.title,
            seconds: countdown.seconds,
            startedAt: countdown.startedAt,
            deadline: countdown.deadline,
            finished: finished
        )
    }
}
