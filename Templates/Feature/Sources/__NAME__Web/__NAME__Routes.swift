import Hummingbird
import KernelWeb
import __NAME__

/// The pages of __TITLE__, mounted at `/__ID__`:
///
/// | route | what it does |
/// |---|---|
/// | `GET /__ID__` | the newest entries and the add form (`?before=<id>` for the next page) |
/// | `GET /__ID__/rows` | the first page's rows alone, for live refresh |
/// | `POST /__ID__` | add |
/// | `POST /__ID__/:id/delete` | delete |
struct __NAME__Routes: FeatureRoutes {
    let repository: __NAME__Repository
    let pages: PageRenderer

    func add(to routes: RouterGroup<AppRequestContext>) {
        routes.get(use: list)
        routes.get("rows", use: rows)
        routes.post(use: create)
        routes.post(":id/delete", use: delete)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let before = request.uri.queryParameters.get("before", as: Int64.self)
        let view = try await listView(before: before, title: "", error: nil, context: context)
        return await pages.page("__TITLE__", body: __NAME__Page.render(view), request: request, context: context)
    }

    @Sendable func rows(_ request: Request, context: AppRequestContext) async throws -> Response {
        let entries = try await repository.of(context.person).page()
        return PageRenderer.html(__NAME__Page.rows(entries.map { __NAME__RowView($0, csrfToken: context.csrfToken) }))
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await request.decodeForm(as: __NAME__Form.self, context: context)
        do {
            let entry = try await repository.of(context.person).add(title: form.title ?? "")
            return pages.redirect(to: "/__ID__", flash: Flash(.success, "Added “\(entry.title)”."))
        } catch let error as __NAME__Error {
            let view = try await listView(before: nil, title: form.title ?? "", error: error.description, context: context)
            return await pages.page(
                "__TITLE__",
                body: __NAME__Page.render(view),
                request: request,
                context: context,
                status: .unprocessableContent
            )
        }
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.id("There is no entry at that address.")
        do {
            let entry = try await repository.of(context.person).delete(id: id)
            return pages.redirect(to: "/__ID__", flash: Flash(.info, "Deleted “\(entry.title)”."))
        } catch let error as __NAME__Error {
            return pages.redirect(to: "/__ID__", flash: Flash(.error, error.description))
        }
    }

    private func listView(before: Int64?, title: String, error: String?, context: AppRequestContext) async throws -> __NAME__ListView {
        let entries = try await repository.of(context.person).page(before: before, limit: __NAME__Repository.pageSize + 1)
        let shown = entries.prefix(__NAME__Repository.pageSize)
        return __NAME__ListView(
            rows: shown.map { __NAME__RowView($0, csrfToken: context.csrfToken) },
            olderCursor: entries.count > shown.count ? shown.last?.id : nil,
            isFirstPage: before == nil,
            title: title,
            error: error,
            csrfToken: context.csrfToken
        )
    }
}

/// The add form's fields.
struct __NAME__Form: Decodable {
    var title: String?
}
