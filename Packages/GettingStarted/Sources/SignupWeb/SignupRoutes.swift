import Foundation
import Hummingbird
import KernelWeb
import Signup

/// The sign-up page, mounted at `/signup`: `GET` shows the form, `POST` checks it and shows the user as JSON (and
/// sends it when an endpoint is configured).
struct SignupRoutes: FeatureRoutes {
    let endpoint: SignupEndpoint
    let pages: PageRenderer

    func add(to routes: RouterGroup<AppRequestContext>) {
        routes.get(use: form)
        routes.post(use: save)
    }

    @Sendable func form(_ request: Request, context: AppRequestContext) async throws -> Response {
        let view = SignupPageView(draft: SignupDraft(), problems: [:], result: nil, csrfToken: context.csrfToken)
        return await pages.page("Sign-up Form", body: SignupPage.render(view), request: request, context: context)
    }

    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await request.decodeForm(as: SignupFields.self, context: context)
        let draft = SignupDraft(
            firstName: fields.firstName ?? "",
            lastName: fields.lastName ?? "",
            dateOfBirth: fields.dateOfBirth ?? "",
            password: fields.password ?? ""
        )
        switch draft.validated(today: .today()) {
        case .failure(let problems):
            let view = SignupPageView(draft: draft, problems: problems.byField, result: nil, csrfToken: context.csrfToken)
            return await pages.page(
                "Sign-up Form",
                body: SignupPage.render(view),
                request: request,
                context: context,
                status: .unprocessableContent
            )
        case .success(let user):
            var result = SignupResult(json: user.shownJSON, sent: nil)
            if let url = endpoint.url {
                switch await endpoint.send(user, to: url) {
                case .sent(let status): result.sent = .success("Sent to \(endpoint.shownAddress): the server answered \(status).")
                case .failed(let message): result.sent = .failure("Not sent to \(endpoint.shownAddress). \(message)")
                }
            }
            // What was typed stays in the form (all but the password), beside the JSON it made.
            var kept = draft
            kept.password = ""
            let view = SignupPageView(draft: kept, problems: [:], result: result, csrfToken: context.csrfToken)
            return await pages.page("Sign-up Form", body: SignupPage.render(view), request: request, context: context)
        }
    }
}

struct SignupFields: Decodable {
    var firstName: String?
    var lastName: String?
    var dateOfBirth: String?
    var password: String?
}
