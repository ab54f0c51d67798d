import Foundation
import Hummingbird
import KernelAPI
import KernelWeb
import Logging
import OpenAPIRuntime
import __NAME__

/// __TITLE__'s JSON API (the `__ID__` part of the host's OpenAPI document, `API/openapi.yaml` here), on the server
/// protocol generated from it (`Generated/`).
struct __NAME__API: APIProtocol, FeatureRoutes {
    let repository: __NAME__Repository
    let logger: Logger

    func add(to routes: RouterGroup<AppRequestContext>) {
        APIRouter.mount(on: routes, logger: logger) {
            try registerHandlers(on: $0, configuration: $1, middlewares: $2)
        }
    }

    func list__NAME__Entries(
        _ input: Operations.List__NAME__Entries.Input
    ) async throws -> Operations.List__NAME__Entries.Output {
        let entries = try await repository.of(APIRequest.person).page()
        let count = try await repository.of(APIRequest.person).count()
        return .ok(
            .init(
                body: .json(
                    .init(
                        entries: entries.map { .init(id: $0.id ?? 0, title: $0.title, createdAt: $0.createdAt) },
                        count: count
                    )
                )
            )
        )
    }
}
