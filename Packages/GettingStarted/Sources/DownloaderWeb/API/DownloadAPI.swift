import Downloader
import Foundation
import HTTPTypes
import Hummingbird
import KernelAPI
import KernelWeb
import Logging
import OpenAPIRuntime

/// The downloader's JSON API (`/api/v1/downloads…`, the `downloads` part of the host's OpenAPI document), on the server
/// protocol generated from it (`Generated/`): the list, the URL field's start, a row's Cancel, Retry and Remove, and
/// the viewer's reading of a completed page, each through the same engine call as the page.
///
/// Nothing is kept between reads: a running download's row changes four times a second.
///
/// Each operation acts on the downloads of the request's person (``APIRequest/person``).
struct DownloadAPI: APIProtocol, FeatureRoutes {
    let engine: DownloadEngine
    let logger: Logger

    func add(to routes: RouterGroup<AppRequestContext>) {
        APIRouter.mount(on: routes, logger: logger) {
            try registerHandlers(on: $0, configuration: $1, middlewares: $2)
        }
    }

    func listDownloads(_ input: Operations.ListDownloads.Input) async throws -> Operations.ListDownloads.Output {
        var before: Int64?
        if let after = input.query.after {
            guard let id = Int64(after), id > 0 else { throw APIProblem.notACursor }
            before = id
        }
        let page = try await engine.store.page(before: before, limit: DownloadListPage.pageSize, of: APIRequest.person)
        let next = page.hasMore ? page.items.last?.id.map(String.init) : nil
        return .ok(.init(body: .json(.init(downloads: page.items.map(Self.download), next: next))))
    }

    func startDownload(_ input: Operations.StartDownload.Input) async throws -> Operations.StartDownload.Output {
        guard case .json(let draft) = input.body else { throw APIProblem(.unsupportedMediaType, title: "Send JSON.") }
        do {
            let item = try await engine.start(draft.url, for: APIRequest.person)
            let id = item.id ?? 0
            return .created(.init(headers: .init(location: "/api/v1/downloads/\(id)"), body: .json(Self.download(item))))
        } catch let error as DownloadURLError {
            let refused = Components.Schemas.Problem(
                title: "The download was not started.",
                status: 422,
                errors: [.init(field: "url", message: error.description)]
            )
            return .unprocessableContent(.init(body: .applicationProblemJson(refused)))
        }
    }

    func getDownload(_ input: Operations.GetDownload.Input) async throws -> Operations.GetDownload.Output {
        guard let item = try await engine.store.find(id: input.path.id, of: APIRequest.person) else {
            return .notFound(.init(body: .applicationProblemJson(Self.notFound(input.path.id))))
        }
        return .ok(.init(body: .json(Self.download(item))))
    }

    func removeDownload(_ input: Operations.RemoveDownload.Input) async throws -> Operations.RemoveDownload.Output {
        do {
            try await engine.remove(id: input.path.id, of: APIRequest.person)
            return .noContent(.init())
        } catch DownloadError.notFound(let id) {
            return .notFound(.init(body: .applicationProblemJson(Self.notFound(id))))
        } catch let error as DownloadError {
            return .conflict(.init(body: .applicationProblemJson(.init(title: error.description, status: 409))))
        }
    }

    func cancelDownload(_ input: Operations.CancelDownload.Input) async throws -> Operations.CancelDownload.Output {
        do {
            return .ok(.init(body: .json(Self.download(try await engine.cancel(id: input.path.id, of: APIRequest.person)))))
        } catch DownloadError.notFound(let id) {
            return .notFound(.init(body: .applicationProblemJson(Self.notFound(id))))
        }
    }

    func retryDownload(_ input: Operations.RetryDownload.Input) async throws -> Operations.RetryDownload.Output {
        do {
            return .ok(.init(body: .json(Self.download(try await engine.retry(id: input.path.id, of: APIRequest.person)))))
        } catch DownloadError.notFound(let id) {
            return .notFound(.init(body: .applicationProblemJson(Self.notFound(id))))
        } catch let error as DownloadError {
            return .conflict(.init(body: .applicationProblemJson(.init(title: error.description, status: 409))))
        }
    }

    func readDownload(_ input: Operations.ReadDownload.Input) async throws -> Operations.ReadDownload.Output {
        let id = input.path.id
        guard let item = try await engine.store.find(id: id, of: APIRequest.person) else {
            return .notFound(.init(body: .applicationProblemJson(Self.notFound(id))))
        }
        // The viewer's own refusals, in its words.
        let data: Data
        switch ViewerRefusal.file(of: item, engine: engine) {
        case .success(let bytes): data = bytes
        case .failure(let refusal):
            return .conflict(.init(body: .applicationProblemJson(.init(title: refusal.description, status: 409))))
        }
        let view = DownloadViewer.view(of: item, data: data)
        return .ok(
            .init(
                body: .json(
                    .init(
                        id: view.id,
                        url: view.url,
                        title: view.title,
                        message: view.message,
                        encoding: view.encoding,
                        headings: view.headings.map { .init(level: $0.level, text: $0.text) },
                        outlineNote: view.outlineNote,
                        links: view.links.map { .init(text: $0.text, href: $0.href) },
                        linksNote: view.linksNote,
                        text: view.text,
                        textIsCut: view.textIsCut
                    )
                )
            )
        )
    }

    static func download(_ item: DownloadItem) -> Components.Schemas.Download {
        .init(
            id: item.id ?? 0,
            url: item.url,
            finalURL: item.finalURL,
            state: Components.Schemas.Download.StatePayload(rawValue: item.state.rawValue) ?? .queued,
            receivedBytes: item.receivedBytes,
            totalBytes: item.totalBytes,
            progress: item.progressText,
            contentType: item.contentType,
            failure: item.failure,
            createdAt: item.createdAt,
            updatedAt: item.updatedAt
        )
    }

    static func notFound(_ id: Int64) -> Components.Schemas.Problem {
        .init(title: DownloadError.notFound(id: id).description, status: 404)
    }
}
