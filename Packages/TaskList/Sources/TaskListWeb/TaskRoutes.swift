import Foundation
import Hummingbird
import Kernel
import KernelStorage
import KernelWeb
import TaskList

/// The task list's pages, mounted at `/tasks`:
///
/// | route | what it does |
/// |---|---|
/// | `GET /tasks` | the first page of the sorted list (with the launch screen when the app is opened); `?after=CURSOR`: the page after that task; `?q=`: the tasks that match |
/// | `GET /tasks/rows` | a page's rows alone, for scrolling on (`?after=`) and live refresh (`?through=`, with `after=`); `?ids=`: those rows in their places (``RowUpdates``) |
/// | `GET /tasks/counts` | "3 to do · 1 done", for live refresh |
/// | `GET /tasks/new`, `POST /tasks` | add |
/// | `GET /tasks/:id`, `POST /tasks/:id` | details and edit |
/// | `POST /tasks/:id/toggle` | done / not done |
/// | `POST /tasks/:id/delete`, `POST /tasks/:id/restore` | delete, and undo it |
///
/// Each request reads and changes only the tasks of its person (``AppRequestContext/person``): the repository it uses
/// is made for them, and everything kept in memory is kept by person.
struct TaskRoutes: FeatureRoutes {
    /// The tasks' repository; `repository.of(person)` is one person's.
    let repository: TaskRepository
    let pages: PageRenderer
    /// Each person's first page and counts, read and rendered once per change (invalidated by every ``TaskChanged``).
    let list: CachedValues<PersonID, RenderedTaskList>
    /// Tasks for their edit pages, by person and id, kept until any task changes (invalidated by every
    /// ``TaskChanged``).
    let items: CachedValues<PersonalKey<Int64>, TaskItem>
    /// Pages of rows past the first, and live refreshes, by person and address; kept until any task changes (like
    /// `items`).
    let rows: CachedValues<PersonalKey<String>, RenderedTaskRows>
    let recentlyDeleted = RecentlyDeleted<TaskItem>()

    /// The first page of `tasks` and their counts, as kept.
    private func first(_ tasks: TaskRepository) async throws -> RenderedTaskList {
        try await list.value(for: tasks.owner) {
            let page = try await tasks.page(limit: TaskListPage.pageSize)
            let counts = try await tasks.counts()
            return RenderedTaskList(
                first: RenderedTaskRows(page, after: nil, start: nil),
                openCount: counts.open,
                doneCount: counts.done
            )
        }
    }

    func add(to routes: RouterGroup<AppRequestContext>) {
        routes.get(use: listPage)
        routes.get("rows", use: rows)
        routes.get("counts", use: counts)
        routes.get("new", use: newForm)
        routes.post(use: create)
        routes.get(":id", use: details)
        routes.post(":id", use: save)
        routes.post(":id/toggle", use: toggle)
        routes.post(":id/delete", use: delete)
        routes.post(":id/restore", use: restore)
    }

    @Sendable func listPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let tasks = repository.of(context.person)
        let rendered = try await first(tasks)
        let after = Self.cursor(request, "after")
        let search = Self.search(request)
        var rows = rendered.first
        if after != nil || search != nil { rows = try await page(tasks, after: after, start: after, search: search) }
        let showLaunch = after == nil && context.cookie(Self.launchedCookie) == nil
        let view = TaskListView(
            openCount: rendered.openCount,
            doneCount: rendered.doneCount,
            showLaunch: showLaunch,
            csrfToken: context.csrfToken,
            after: after,
            search: search
        )
        var response = await pages.page(
            "Tasks",
            before: TaskListPage.opening(view),
            rendered: rows.rows,
            after: TaskListPage.closing,
            request: request,
            context: context
        )
        if showLaunch { response.headers[values: .setCookie].append(Self.launchedSetCookie) }
        return response
    }

    /// The rows a script asks for: the page after `after` (scrolling on; its "Show more" row remembers the page's
    /// `start`), or every row after `after` through `through` (a live refresh of what the page has loaded, at most
    /// ``TaskListPage/refreshLimit``). Without either, the first page, as kept.
    @Sendable func rows(_ request: Request, context: AppRequestContext) async throws -> Response {
        let tasks = repository.of(context.person)
        let after = Self.cursor(request, "after")
        let start = Self.cursor(request, "start")
        let through = Self.cursor(request, "through")
        let search = Self.search(request)
        if let ids = RowUpdates.ids(request) {
            return try await changedRows(ids, of: tasks, after: after, through: through, search: search)
        }
        if let through {
            let address = "through\n\(after?.description ?? "")\n\(through)\n\(search?.text ?? "")"
            let key = PersonalKey(owner: tasks.owner, key: address)
            let page = try await rows.value(for: key) {
                let page = try await tasks.page(
                    after: after,
                    through: through,
                    limit: TaskListPage.refreshLimit,
                    matching: search
                )
                return RenderedTaskRows(page, after: after, start: after, search: search)
            }
            return PageRenderer.html(page.rows)
        }
        guard after != nil || search != nil else { return PageRenderer.html(try await first(tasks).first.rows) }
        let page = try await page(tasks, after: after, start: start, search: search)
        return PageRenderer.html(page.rows, refreshSource: page.refreshSource)
    }

    @Sendable func counts(_ request: Request, context: AppRequestContext) async throws -> Response {
        let rendered = try await first(repository.of(context.person))
        return PageRenderer.html(TaskListPage.counts(open: rendered.openCount, done: rendered.doneCount))
    }

    /// The page of rows of `tasks` after `after`, on a list page that starts after `start`; kept until the next
    /// change. Once these rows are appended, the list's live refresh reads everything the page has loaded
    /// (`refreshSource`).
    private func page(
        _ tasks: TaskRepository,
        after: TaskCursor?,
        start: TaskCursor?,
        search: TextSearch? = nil
    ) async throws
        -> RenderedTaskRows
    {
        let address = "page\n\(after?.description ?? "")\n\(start?.description ?? "")\n\(search?.text ?? "")"
        let key = PersonalKey(owner: tasks.owner, key: address)
        return try await rows.value(for: key) {
            let page = try await tasks.page(after: after, limit: TaskListPage.pageSize, matching: search)
            let source = page.items.last.map {
                TaskListPage.rowsSource(after: start, through: TaskCursor($0), search: search)
            }
            return RenderedTaskRows(page, after: after, start: start, refreshSource: source, search: search)
        }
    }

    /// The rows `ids` of a page that shows the tasks after `after` through `through` (its first page when both are
    /// nil: through the last task it lists), each in its place now — before the task that follows it there, or at the
    /// end — or gone when it is no longer among them (deleted, done past the part shown, no longer matching).
    private func changedRows(
        _ ids: [Int64],
        of tasks: TaskRepository,
        after: TaskCursor?,
        through: TaskCursor?,
        search: TextSearch?
    ) async throws
        -> Response
    {
        var end = through
        if after == nil, through == nil {
            end = search == nil ? try await first(tasks).first.next : nil
        }
        var updates = RowUpdates()
        for id in ids {
            guard let item = try? await tasks.find(id: id),
                let place = try await tasks.place(
                    of: item,
                    after: after,
                    through: end,
                    matching: search
                )
            else {
                updates.gone("task-\(id)")
                continue
            }
            updates.row("task-\(id)", TaskListPage.row(TaskRowView(item)), before: place.map { "task-\($0)" } ?? "")
        }
        return updates.response
    }

    /// What the list is searched for (`?q=`), if anything.
    static func search(_ request: Request) -> TextSearch? {
        request.search
    }

    @Sendable func newForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let view = form(id: nil, draft: TaskDraft(day: TaskDay.today().isoString), isDone: false, context: context)
        return await pages.page("New Task", body: TaskFormPage.render(view), request: request, context: context)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let draft = try await request.decodeForm(as: TaskEditForm.self, context: context).draft
        switch TaskValidation.validate(draft) {
        case .failure(let errors):
            let view = form(id: nil, draft: draft, isDone: false, errors: errors, context: context)
            return await pages.page(
                "New Task",
                body: TaskFormPage.render(view),
                request: request,
                context: context,
                status: .unprocessableContent
            )
        case .success(let input):
            let item: TaskItem
            do {
                item = try await repository.of(context.person).add(input)
            } catch  where DiskFull.matches(error) {
                // What was typed stays in the form, to be sent again once there is space.
                let view = form(id: nil, draft: draft, isDone: false, formError: DiskFull.message, context: context)
                return await pages.page(
                    "New Task",
                    body: TaskFormPage.render(view),
                    request: request,
                    context: context,
                    status: .insufficientStorage
                )
            }
            let place = try await listAddress(of: item, in: repository.of(context.person))
            return pages.redirect(to: "\(place)#task-\(item.id ?? 0)", flash: Flash(.success, "Added “\(item.name)”."))
        }
    }

    @Sendable func details(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try Self.id(context)
        let tasks = repository.of(context.person)
        let key = PersonalKey(owner: tasks.owner, key: id)
        guard let item = try? await items.value(for: key, load: { try await tasks.find(id: id) }) else {
            throw HTTPError(.notFound, message: TaskListError.notFound(id: id).description)
        }
        let view = form(id: id, draft: TaskDraft(item), isDone: item.isDone, context: context)
        return await pages.page(item.name, body: TaskFormPage.render(view), request: request, context: context)
    }

    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try Self.id(context)
        let fields = try await request.decodeForm(as: TaskEditForm.self, context: context)
        let draft = fields.draft
        let isDone = fields.isDone == "on"
        switch TaskValidation.validate(draft) {
        case .failure(let errors):
            let view = form(id: id, draft: draft, isDone: isDone, errors: errors, context: context)
            return await pages.page(
                "Edit Task",
                body: TaskFormPage.render(view),
                request: request,
                context: context,
                status: .unprocessableContent
            )
        case .success(let input):
            do {
                let tasks = repository.of(context.person)
                let item = try await tasks.update(id: id, with: input, isDone: isDone)
                let place = try await listAddress(of: item, in: tasks)
                return pages.redirect(to: "\(place)#task-\(id)", flash: Flash(.success, "Saved “\(item.name)”."))
            } catch let error as TaskListError {
                let view = form(id: id, draft: draft, isDone: isDone, formError: error.description, context: context)
                return await pages.page(
                    "Edit Task",
                    body: TaskFormPage.render(view),
                    request: request,
                    context: context,
                    status: .notFound
                )
            } catch  where DiskFull.matches(error) {
                let view = form(id: id, draft: draft, isDone: isDone, formError: DiskFull.message, context: context)
                return await pages.page(
                    "Edit Task",
                    body: TaskFormPage.render(view),
                    request: request,
                    context: context,
                    status: .insufficientStorage
                )
            }
        }
    }

    @Sendable func toggle(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try Self.id(context)
        do {
            let tasks = repository.of(context.person)
            let item = try await tasks.toggle(id: id)
            let message = item.isDone ? "Marked “\(item.name)” done." : "Marked “\(item.name)” not done."
            let place = try await listAddress(of: item, in: tasks)
            return pages.redirect(to: "\(place)#task-\(id)", flash: Flash(.success, message), for: request)
        } catch let error as TaskListError {
            return pages.redirect(to: "/tasks", flash: Flash(.error, error.description), for: request)
        }
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try Self.id(context)
        do {
            let item = try await repository.of(context.person).delete(id: id)
            recentlyDeleted.remember(item, id: id, of: context.person)
            return pages.redirect(
                to: "/tasks",
                flash: Flash(.info, "Deleted “\(item.name)”.", actionLabel: "Undo", actionPath: "/tasks/\(id)/restore"),
                for: request
            )
        } catch let error as TaskListError {
            return pages.redirect(to: "/tasks", flash: Flash(.error, error.description), for: request)
        }
    }

    @Sendable func restore(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try Self.id(context)
        guard let item = recentlyDeleted.take(id, of: context.person) else {
            return pages.redirect(to: "/tasks", flash: Flash(.error, "That delete can no longer be undone."), for: request)
        }
        let tasks = repository.of(context.person)
        let restored = try await tasks.restore(item)
        let place = try await listAddress(of: restored, in: tasks)
        return pages.redirect(to: "\(place)#task-\(id)", flash: Flash(.success, "Restored “\(restored.name)”."), for: request)
    }

    private func form(
        id: Int64?,
        draft: TaskDraft,
        isDone: Bool,
        errors: TaskValidationErrors? = nil,
        formError: String? = nil,
        context: AppRequestContext
    ) -> TaskFormView {
        TaskFormView(id: id, draft: draft, isDone: isDone, errors: errors, formError: formError, csrfToken: context.csrfToken)
    }

    /// The list page that shows `item`, for coming back to it after an action: the first page when the task is on it,
    /// else the page that starts with the task (so a browser without script, too, lands on the row it acted on).
    private func listAddress(of item: TaskItem, in tasks: TaskRepository) async throws -> String {
        let place = TaskCursor(item)
        guard let lastOfFirst = try await first(tasks).first.next, lastOfFirst < place,
            let before = try await tasks.cursor(before: place)
        else { return "/tasks" }
        return "/tasks?after=\(TaskListPage.query(before))"
    }

    /// The cursor in query parameter `name`; nil when absent or not a cursor.
    private static func cursor(_ request: Request, _ name: String) -> TaskCursor? {
        request.uri.queryParameters.get(name).flatMap { TaskCursor($0) }
    }

    private static func id(_ context: AppRequestContext) throws -> Int64 {
        try context.id("There is no task at that address.")
    }

    /// The launch screen shows once per launch: on the list's first visit of a browser session (an installed app's
    /// start is one), never on a switch between apps or a return from the app's own screens. The session cookie
    /// that says it was shown ends with the browser session.
    static let launchedCookie = "atelier_tasks_launched"
    static let launchedSetCookie = "\(launchedCookie)=1; Path=/tasks; HttpOnly; SameSite=Lax"
}

/// The edit form's fields: the draft plus the done checkbox (`on` when ticked, absent otherwise).
struct TaskEditForm: Decodable {
    var name: String?
    var details: String?
    var day: String?
    var isDone: String?

    var draft: TaskDraft { TaskDraft(name: name ?? "", details: details ?? "", day: day ?? "") }
}
