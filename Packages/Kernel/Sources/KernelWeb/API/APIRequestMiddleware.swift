import Hummingbird
import KernelAPI

/// Gives the JSON API's handlers what they know of a request beyond its HTTP (``APIRequest``): the generated
/// handlers see only the request, not the host's request context.
struct APIRequestMiddleware: RouterMiddleware {
    func handle(
        _ request: Request,
        context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        try await APIRequest.$clientAddress.withValue(context.clientAddress) {
            try await APIRequest.$person.withValue(context.person) {
                try await next(request, context)
            }
        }
    }
}
