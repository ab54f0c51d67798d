import AssignmentTracker
import Foundation
import Hummingbird
import Kernel
import KernelHTML
import KernelStorage
import KernelWeb

/// The pages of Assignments, mounted at `/assignments`:
///
/// | route | what it does |
/// |---|---|
/// | `GET /assignments` | the split view: the master list, and the remembered selection beside it on a wide screen |
/// | `GET /assignments/:id` | the split view with that assignment selected (on a phone: its detail, with Back) |
/// | `GET /assignments/rows` | a page of a section's rows (`section`, `after`, `selected`), for Show more and live refresh |
/// | `GET /assignments/:id/panel` | the detail panel alone, for live refresh |
/// | `GET /assignments/new`, `POST /assignments` | the add form, and add |
/// | `GET /assignments/:id/edit`, `POST /assignments/:id` | the edit form, and save |
/// | `POST /assignments/:id/mark` | set, change or clear the mark |
/// | `GET`/`POST /assignments/:id/delete` | the confirmation, and delete with its tasks |
/// | `GET /assignments/calendar.ics`, `GET /assignments/:id/calendar.ics` | the calendar feed, and one event |
/// | `GET /assignments/:id/tasks/new`, `POST /assignments/:id/tasks` | the task form, and add |
/// | `GET /assignments/tasks/:id/edit`, `POST /assignments/tasks/:id` | edit a task |
/// | `POST /assignments/tasks/:id/percent`, `…/done`, `…/delete`, `…/restore` | move a task along, finish it, delete it, undo that |
/// | `POST /assignments/ui-state` | what the browser has open (archive, scroll), kept across restarts |
///
/// Every handler runs on the routes of its request's person (``of(_:)``): their repository, and their part of every
/// cache and of the browser's remembered view.
struct AssignmentRoutes: FeatureRoutes {
    /// The assignments of the person the routes serve (the local person's until ``of(_:)``).
    var repository: AssignmentRepository
    let viewStates: ViewStateStore
    /// The calendar push, when a CalDAV server is configured.
    let calendarSync: CalendarSync?
    /// The master list's first pages by the assignment selected, dropped on every change (see ``AssignmentTrackerFeature``).
    let firstPagesCache: CachedValues<PersonalKey<Int64?>, FirstPages>
    /// Pages of rows (Show more, live refresh), dropped on every change.
    let rowsCache: CachedValues<PersonalKey<RowsKey>, RowsPart>
    /// Assignments with their tasks, dropped on every change.
    let detailCache: CachedValues<PersonalKey<Int64>, AssignmentDetail>
    /// Each person's calendar feed, dropped on every change.
    let feedCache: CachedValues<PersonID, CalendarFeed>
    /// Each assignment's own event, dropped on every change.
    let eventCache: CachedValues<PersonalKey<Int64>, String>
    let pages: PageRenderer
    let now: @Sendable () -> Date
    /// Tasks deleted a moment ago, for Undo.
    let deletedTasks = RecentlyDeleted<AssignmentTask>()

    var timeZone: TimeZone { repository.timeZone }

    func add(to routes: RouterGroup<AppRequestContext>) {
        routes.get(use: scoped(Self.list))
        routes.post(use: scoped(Self.create))
        routes.get("rows", use: scoped(Self.rows))
        routes.get("new", use: scoped(Self.newForm))
        routes.get("calendar.ics", use: scoped(Self.feed))
        routes.post("ui-state", use: scoped(Self.saveViewState))
        routes.get(":id", use: scoped(Self.show))
        routes.post(":id", use: scoped(Self.save))
        routes.get(":id/panel", use: scoped(Self.panel))
        routes.get(":id/edit", use: scoped(Self.editForm))
        routes.post(":id/mark", use: scoped(Self.mark))
        routes.get(":id/delete", use: scoped(Self.confirmDelete))
        routes.post(":id/delete", use: scoped(Self.delete))
        routes.get(":id/calendar.ics", use: scoped(Self.event))
        routes.get(":id/tasks/new", use: scoped(Self.newTaskForm))
        routes.post(":id/tasks", use: scoped(Self.createTask))
        routes.get("tasks/:id/edit", use: scoped(Self.editTaskForm))
        routes.post("tasks/:id", use: scoped(Self.saveTask))
        routes.post("tasks/:id/percent", use: scoped(Self.setPercent))
        routes.post("tasks/:id/done", use: scoped(Self.done))
        routes.post("tasks/:id/delete", use: scoped(Self.deleteTask))
        routes.post("tasks/:id/restore", use: scoped(Self.restoreTask))
    }

    /// The routes of `person`: their assignments, their part of the caches.
    func of(_ person: PersonID) -> AssignmentRoutes {
        var routes = self
        routes.repository = repository.of(person)
        return routes
    }

    /// `handler`, run on the routes of the request's person.
    private func scoped(
        _ handler: @escaping @Sendable (AssignmentRoutes) -> @Sendable (Request, AppRequestContext) async throws -> Response
    ) -> @Sendable (Request, AppRequestContext) async throws -> Response {
        { request, context in try await handler(self.of(context.person))(request, context) }
    }

    /// The key of the browser's remembered view, for the person the routes serve: the local person's is the browser's
    /// own token (as before there were people), another's is prefixed with them.
    func viewKey(_ browser: String) -> String {
        repository.owner == .local ? browser : "\(repository.owner.rawValue).\(browser)"
    }

    // MARK: - Helpers

    /// The assignment's page again, with the refused value in its field and the reason beside it (422).
    func refusedPage(
        _ id: Int64,
        _ refused: RefusedInput,
        request: Request,
        context: AppRequestContext
    ) async throws
        -> Response
    {
        let (browser, isNew) = browserToken(context)
        let state = isNew ? ViewState() : try await viewStates.state(of: viewKey(browser))
        return try await split(
            selected: id,
            showsDetail: true,
            state: state,
            refused: refused,
            request: request,
            context: context,
            status: .unprocessableContent
        )
    }

    /// An assignment and its tasks, read once per change: the split view, the panel and the event ask on every request.
    func detail(_ id: Int64) async throws -> (Assignment, [AssignmentTask]) {
        let detail = try await cachedDetail(id)
        return (detail.assignment, detail.tasks)
    }

    /// The detail panel of assignment `id` for this request: rendered once per change, its open places (the form
    /// token, the calendar status, what the clock decides) filled now; rendered whole when a refused value is shown.
    func detailPanel(
        _ id: Int64,
        refused: RefusedInput? = nil,
        csrfToken: String,
        now: Date
    ) async throws -> (assignment: Assignment, html: HTML) {
        let detail = try await cachedDetail(id)
        let moment = DetailMoment(
            assignment: detail.assignment,
            tasks: detail.tasks,
            sync: try await syncStatus(detail.assignment),
            csrfToken: csrfToken,
            now: now
        )
        let panel =
            refused == nil
            ? detail.panel
            : AssignmentViews.detailTemplate(detail.assignment, tasks: detail.tasks, refused: refused, timeZone: timeZone)
        return (detail.assignment, panel.filled(moment.fill))
    }

    private func cachedDetail(_ id: Int64) async throws -> AssignmentDetail {
        try await detailCache.value(for: PersonalKey(owner: repository.owner, key: id)) {
            let (assignment, tasks) = try await repository.detail(id: id)
            let panel = AssignmentViews.detailTemplate(assignment, tasks: tasks, timeZone: timeZone)
            return AssignmentDetail(assignment: assignment, tasks: tasks, panel: panel)
        }
    }

    /// The assignment's calendar status: nil without a server; `.waiting` until the push has seen it.
    func syncStatus(_ assignment: Assignment) async throws -> CalendarSyncStatus? {
        guard let calendarSync else { return nil }
        return try await calendarSync.status(uid: assignment.uid) ?? .waiting
    }

    /// Runs `body`; a missing assignment or task becomes a 404 page that says so.
    func found<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as AssignmentError {
            throw HTTPError(.notFound, message: error.description)
        }
    }

    /// The browser's token from its cookie, or a new one (and `true`) when it has none.
    func browserToken(_ context: AppRequestContext) -> (String, Bool) {
        if let token = context.cookie(Self.browserCookieName), ViewStateStore.isValid(token) { return (token, false) }
        var generator = SystemRandomNumberGenerator()
        let token = (0..<16).map { _ in String(UInt8.random(in: 0...255, using: &generator), radix: 16) }
            .map { $0.count == 1 ? "0" + $0 : $0 }.joined()
        return (token, true)
    }

    static let browserCookieName = "assignments_browser"

    static func browserCookie(_ token: String) -> Cookie {
        Cookie(name: browserCookieName, value: token, maxAge: 400 * 86_400, path: "/assignments", httpOnly: true, sameSite: .lax)
    }
}

extension AppRequestContext {
    /// The assignment id in the address; a 404 that says so when there is none.
    func assignmentID() throws -> Int64 { try id("There is no assignment at that address.") }

    /// The task id in the address; a 404 that says so when there is none.
    func taskID() throws -> Int64 { try id("There is no task at that address.") }
}
