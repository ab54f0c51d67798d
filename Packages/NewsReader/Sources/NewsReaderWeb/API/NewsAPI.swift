import Hummingbird
import Kernel
import KernelAPI
import KernelText
import KernelWeb
import Logging
import NewsReader
import OpenAPIRuntime
import ServiceLifecycle

/// The news reader's JSON API (`/api/v1/news…`, the `news` part of the host's OpenAPI document), on the server protocol
/// generated from it (`Generated/`): the same kept headlines, story and Reload as the pages.
struct NewsAPI: APIProtocol, FeatureRoutes {
    let headlines: HeadlineCache
    let refresher: FeedRefresher
    /// The answers to reads, kept until the headlines change (the host forgets them on every ``HeadlinesChanged``).
    let reads = APIReadCache()
    let logger: Logger

    func add(to routes: RouterGroup<AppRequestContext>) {
        APIRouter.mount(on: routes, logger: logger, reads: reads) {
            try registerHandlers(on: $0, configuration: $1, middlewares: $2)
        }
    }

    func listHeadlines(_ input: Operations.ListHeadlines.Input) async throws -> Operations.ListHeadlines.Output {
        guard let state = try await headlines.listState(after: input.query.after) else {
            throw APIProblem(.badRequest, title: "The headlines have changed; start again from the first page.")
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        headlines: state.rows.map(Self.headline),
                        next: state.nextCursor,
                        status: Moment.words(state.status.text),
                        problem: state.status.isProblem
                    )
                )
            )
        )
    }

    func getHeadline(_ input: Operations.GetHeadline.Input) async throws -> Operations.GetHeadline.Output {
        guard let row = try await headlines.row(id: input.path.id) else {
            let missing = "There is no story at that address. It may have left the feed; the list has the current headlines."
            return .notFound(.init(body: .applicationProblemJson(.init(title: missing, status: 404))))
        }
        return .ok(.init(body: .json(Self.headline(row))))
    }

    func refreshNews(_ input: Operations.RefreshNews.Input) async throws -> Operations.RefreshNews.Output {
        // As the page's Reload: a shutdown stops the fetch rather than waiting for its deadline.
        let outcome = await withGracefulShutdownHandler {
            await refresher.refresh()
        } onGracefulShutdown: { [refresher] in
            Task { await refresher.stop() }
        }
        let answer: Components.Schemas.RefreshOutcome =
            switch outcome {
            case .updated(let changes, _):
                .init(
                    outcome: .updated,
                    message: changes.added.isEmpty ? "Headlines updated." : "Headlines updated: \(changes.added.count) new."
                )
            case .unchanged: .init(outcome: .unchanged, message: "Headlines are up to date.")
            case .failed(let error): .init(outcome: .failed, message: error.description)
            }
        return .ok(.init(body: .json(answer)))
    }

    static func headline(_ row: HeadlineRow) -> Components.Schemas.Headline {
        .init(id: row.id, headline: row.headline, introduction: row.introduction, date: row.dateText, day: row.machineDate)
    }
}
