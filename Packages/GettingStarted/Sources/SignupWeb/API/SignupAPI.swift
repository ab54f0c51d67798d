import Hummingbird
import KernelAPI
import KernelWeb
import Logging
import OpenAPIRuntime
import Signup

/// The sign-up form's JSON API (`/api/v1/signup/check`, the `signup` part of the host's OpenAPI document), on the
/// server protocol generated from it (`Generated/`): the form's own check, and the user as the page shows it.
struct SignupAPI: APIProtocol, FeatureRoutes {
    let logger: Logger

    func add(to routes: RouterGroup<AppRequestContext>) {
        APIRouter.mount(on: routes, logger: logger) {
            try registerHandlers(on: $0, configuration: $1, middlewares: $2)
        }
    }

    func checkSignup(_ input: Operations.CheckSignup.Input) async throws -> Operations.CheckSignup.Output {
        guard case .json(let sent) = input.body else { throw APIProblem(.unsupportedMediaType, title: "Send JSON.") }
        let draft = SignupDraft(
            firstName: sent.firstName ?? "",
            lastName: sent.lastName ?? "",
            dateOfBirth: sent.dateOfBirth ?? "",
            password: sent.password ?? ""
        )
        switch draft.validated(today: .today()) {
        case .failure(let problems):
            let errors = SignupDraft.Field.allCases.compactMap { field in
                problems.byField[field].map { Components.Schemas.FieldError(field: field.rawValue, message: $0) }
            }
            return .unprocessableContent(
                .init(body: .applicationProblemJson(.init(title: "The form needs changes.", status: 422, errors: errors)))
            )
        case .success(let user):
            return .ok(
                .init(
                    body: .json(
                        .init(
                            firstName: user.firstName,
                            lastName: user.lastName,
                            dateOfBirth: user.dateOfBirth.iso8601,
                            password: User.hiddenPassword
                        )
                    )
                )
            )
        }
    }
}
