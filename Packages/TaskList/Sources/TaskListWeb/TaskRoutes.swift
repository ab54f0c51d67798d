import Foundation
import Hummingbird
import KernelWeb
import TaskList

/// The task list's pages, mounted at `/tasks`:
///
/// | route | what it does |
/// |---|---|
/// | `GET /tasks` | the sorted list (with the launch screen when the app is opened) |
/// | `GET /tasks/rows` | the list's rows alone, for live refresh |
/// | `GET /tasks/new`, `POST /tasks` | add |
/// | `GET /tasks/:id`, `POST /tasks/:id` | details and edit |
/// | `POST /tasks/:id/toggle` | done / not done |
/// | `POST /tasks/:id/delete`, `POST /tasks/:id/restore` | delete, and undo it |
struct TaskRoutes {
    let repository: TaskRepository
    let pages: PageRenderer
    let recentlyDeleted = RecentlyDeleted()

    func add(to routes: RouterGroup<AppRequestContext>) {
        routes.get { request, context in
            let items = try repository.all()
            let view = TaskListView(
                rows: items.map { TaskRowView($0, csrfToken: context.csrfToken) },
                openCount: items.filter { !$0.isDone }.count,
                doneCount: items.filter(\.isDone).count,
                showLaunch: Self.isOpeningApp(request)
            )
            return pages.page("Tasks", body: TaskListPage.render(view), request: request, context: context)
        }
        routes.get("rows") { _, context in
            let rows = try repository.all().map { TaskRowView($0, csrfToken: context.csrfToken) }
            return PageRenderer.html(TaskListPage.rows(rows))
        }
        routes.get("new") { request, context in
            let view = form(id: nil, draft: TaskDraft(day: TaskDay.today().isoString), isDone: false, context: context)
            return pages.page("New Task", body: TaskFormPage.render(view), request: request, context: context)
        }
        routes.post { request, context in
            let fields = try await FormData(request: request)
            let draft = Self.draft(from: fields)
            switch TaskValidation.validate(draft) {
            case .failure(let errors):
                let view = form(id: nil, draft: draft, isDone: false, errors: errors, context: context)
                return pages.page(
                    "New Task",
                    body: TaskFormPage.render(view),
                    request: request,
                    context: context,
                    status: .unprocessableContent
                )
            case .success(let input):
                let item = try repository.add(input)
                return pages.redirect(to: "/tasks#task-\(item.id ?? 0)", flash: Flash(.success, "Added “\(item.name)”."))
            }
        }
        routes.get(":id") { request, context in
            let id = try Self.id(context)
            guard let item = try? repository.find(id: id) else {
                throw HTTPError(.notFound, message: TaskListError.notFound(id: id).description)
            }
            let view = form(id: id, draft: TaskDraft(item), isDone: item.isDone, context: context)
            return pages.page(item.name, body: TaskFormPage.render(view), request: request, context: context)
        }
        routes.post(":id") { request, context in
            let id = try Self.id(context)
            let fields = try await FormData(request: request)
            let draft = Self.draft(from: fields)
            let isDone = fields["isDone"] == "on"
            switch TaskValidation.validate(draft) {
            case .failure(let errors):
                let view = form(id: id, draft: draft, isDone: isDone, errors: errors, context: context)
                return pages.page(
                    "Edit Task",
                    body: TaskFormPage.render(view),
                    request: request,
                    context: context,
                    status: .unprocessableContent
                )
            case .success(let input):
                do {
                    _ = try repository.update(id: id, with: input)
                    let item = try repository.setDone(id: id, isDone)
                    return pages.redirect(to: "/tasks#task-\(id)", flash: Flash(.success, "Saved “\(item.name)”."))
                } catch let error as TaskListError {
                    let view = form(id: id, draft: draft, isDone: isDone, formError: error.description, context: context)
                    return pages.page(
                        "Edit Task",
                        body: TaskFormPage.render(view),
                        request: request,
                        context: context,
                        status: .notFound
                    )
                }
            }
        }
        routes.post(":id/toggle") { _, context in
            let id = try Self.id(context)
            do {
                let item = try repository.toggle(id: id)
                let message = item.isDone ? "Marked “\(item.name)” done." : "Marked “\(item.name)” not done."
                return pages.redirect(to: "/tasks#task-\(id)", flash: Flash(.success, message))
            } catch let error as TaskListError {
                return pages.redirect(to: "/tasks", flash: Flash(.error, error.description))
            }
        }
        routes.post(":id/delete") { _, context in
            let id = try Self.id(context)
            do {
                let item = try repository.delete(id: id)
                recentlyDeleted.remember(item)
                return pages.redirect(
                    to: "/tasks",
                    flash: Flash(.info, "Deleted “\(item.name)”.", actionLabel: "Undo", actionPath: "/tasks/\(id)/restore")
                )
            } catch let error as TaskListError {
                return pages.redirect(to: "/tasks", flash: Flash(.error, error.description))
            }
        }
        routes.post(":id/restore") { _, context in
            let id = try Self.id(context)
            guard let item = recentlyDeleted.take(id) else {
                return pages.redirect(to: "/tasks", flash: Flash(.error, "That delete can no longer be undone."))
            }
            let restored = try repository.restore(item)
            return pages.redirect(to: "/tasks#task-\(id)", flash: Flash(.success, "Restored “\(restored.name)”."))
        }
    }

    private func form(
        id: Int64?,
        draft: TaskDraft,
        isDone: Bool,
        errors: TaskValidationErrors? = nil,
        formError: String? = nil,
        context: AppRequestContext
    ) -> TaskFormView {
        TaskFormView(
            id: id,
            draft: draft,
            isDone: isDone,
            errors: errors,
            formError: formError,
            csrfToken: context.csrfToken
        )
    }

    private static func draft(from form: FormData) -> TaskDraft {
        TaskDraft(name: form.string("name"), details: form.string("details"), day: form.string("day"))
    }

    private static func id(_ context: AppRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self) else {
            throw HTTPError(.notFound, message: "There is no task at that address.")
        }
        return id
    }

    /// The launch screen shows when the app is opened from elsewhere, not when returning from its own screens.
    static func isOpeningApp(_ request: Request) -> Bool {
        guard let referer = request.headers[.referer], let url = URL(string: referer) else { return true }
        return !url.path.hasPrefix("/\(TaskListIdentity.id)")
    }
}
