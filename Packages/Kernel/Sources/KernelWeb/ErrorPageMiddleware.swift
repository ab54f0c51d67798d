import Hummingbird
import KernelStorage
import Logging

/// Turns every error thrown by a route into a friendly page with the right status, and never shows a stack trace
/// or an internal message: only an `HTTPError`'s own message, written for people, reaches the page. A write that
/// found the disk full says so (507), with what to do.
public struct ErrorPageMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext
    private let pages: PageRenderer

    init(pages: PageRenderer) {
        self.pages = pages
    }

    public func handle(
        _ request: Request,
        context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            var response = pages.errorPage(status: error.status, message: error.body, request: request, context: context)
            for header in error.headers { response.headers.append(header) }
            return response
        } catch let error as any HTTPResponseError {
            return pages.errorPage(status: error.status, message: nil, request: request, context: context)
        } catch  where DiskFull.matches(error) {
            context.logger.error("Disk full for \(request.method) \(request.uri.path): \(error)")
            return pages.errorPage(status: .insufficientStorage, message: DiskFull.message, request: request, context: context)
        } catch {
            context.logger.error("Unhandled error for \(request.method) \(request.uri.path): \(error)")
            return pages.errorPage(status: .internalServerError, message: nil, request: request, context: context)
        }
    }
}

extension HTTPResponse.Status {
    /// 507: the server has no room to store what was sent (the disk is full).
    public static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
}
