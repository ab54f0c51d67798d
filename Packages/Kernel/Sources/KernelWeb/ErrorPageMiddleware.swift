import Hummingbird
import KernelAPI
import KernelStorage
import Logging

/// Turns every error thrown by a route into a friendly page with the right status, and never shows a stack trace
/// or an internal message: only an `HTTPError`'s own message, written for people, reaches the page. A write that
/// found the disk full says so (507), with what to do. Under `/api/` the same is answered as an ``APIProblem``
/// (`application/problem+json`), not a page.
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
        } catch  where request.uri.path.hasPrefix("/api/") {
            return Self.problem(for: error, request: request, context: context)
        } catch let error as HTTPError {
            var response = await pages.errorPage(status: error.status, message: error.body, request: request, context: context)
            for header in error.headers { response.headers.append(header) }
            return response
        } catch let error as any HTTPResponseError {
            return await pages.errorPage(status: error.status, message: nil, request: request, context: context)
        } catch  where DiskFull.matches(error) {
            context.logger.error("Disk full for \(request.method) \(request.uri.path): \(error)")
            return await pages.errorPage(status: .insufficientStorage, message: DiskFull.message, request: request, context: context)
        } catch {
            context.logger.error("Unhandled error for \(request.method) \(request.uri.path): \(error)")
            return await pages.errorPage(status: .internalServerError, message: nil, request: request, context: context)
        }
    }
}

extension ErrorPageMiddleware {
    /// An error of the JSON API as a problem: an `HTTPError`'s own message, a full disk's advice, or a bare 500.
    static func problem(for error: any Error, request: Request, context: AppRequestContext) -> Response {
        let problem: APIProblem
        var headers: HTTPFields = [:]
        if let error = error as? HTTPError {
            problem = APIProblem(error.status, title: error.body ?? APIProblem.title(for: error.status))
            headers = error.headers
        } else if let error = error as? any HTTPResponseError {
            problem = APIProblem(error.status, title: APIProblem.title(for: error.status))
        } else if DiskFull.matches(error) {
            problem = APIProblem(.insufficientStorage, title: DiskFull.message)
        } else {
            context.logger.error("Unhandled error for \(request.method) \(request.uri.path): \(error)")
            problem = APIProblem(.internalServerError, title: APIProblem.title(for: .internalServerError))
        }
        headers[.contentType] = APIProblem.mediaType
        return Response(status: .init(code: problem.status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: problem.json)))
    }
}
