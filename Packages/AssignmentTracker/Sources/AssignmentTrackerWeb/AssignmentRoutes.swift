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
/// | `POST /assignments/tasks/:id/percent`, `…/done`, `…/delete` | move a task along, finish it, delete it |
/// | `POST /assignments/ui-state` | what the browser has open (archive, scroll), kept across restarts |
struct AssignmentRoutes: FeatureRoutes {
    let repository: AssignmentRepository
    let viewStates: ViewStateStore
    /// The calendar push, when a CalDAV server is configured.
    let calendarSync: CalendarSync?
    /// The master list's first pages, dropped on every change (see ``AssignmentTrackerFeature``).
    let firstPagesCache: CachedValues<FirstPagesKey, FirstPages>
    /// Pages of rows (Show more, live refresh), dropped on every change.
    let rowsCache: CachedValues<RowsKey, RowsPart>
    /// Assignments with their tasks, dropped on every change.
    let detailCache: CachedValues<Int64, AssignmentDetail>
    /// The calendar feed, dropped on every change.
    let feedCache: CachedValue<CalendarFeed>
    /// Each assignment's own event, dropped on every change.
    let eventCache: CachedValues<Int64, String>
    let pages: PageRenderer
    let now: @Sendable () -> Date

    var timeZone: TimeZone { repository.timeZone }

    func add(to routes: RouterGroup<AppRequestContext>) {
        routes.get(use: list)
        routes.post(use: create)
        routes.get("rows", use: rows)
        routes.get("new", use: newForm)
        routes.get("calendar.ics", use: feed)
        routes.post("ui-state", use: saveViewState)
        routes.get(":id", use: show)
        routes.post(":id", use: save)
        routes.get(":id/panel", use: panel)
        routes.get(":id/edit", use: editForm)
        routes.post(":id/mark", use: mark)
        routes.get(":id/delete", use: confirmDelete)
        routes.post(":id/delete", use: delete)
        routes.get(":id/calendar.ics", use: event)
        routes.get(":id/tasks/new", use: newTaskForm)
        routes.post(":id/tasks", use: createTask)
        routes.get("tasks/:id/edit", use: editTaskForm)
        routes.post("tasks/:id", use: saveTask)
        routes.post("tasks/:id/percent", use: setPercent)
        routes.post("tasks/:id/done", use: done)
        routes.post("tasks/:id/delete", use: deleteTask)
    }

    // MARK: - The split view

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (browser, isNew) = browserToken(request)
        var state = isNew ? ViewState() : try await viewStates.state(of: browser)
        if let selected = state.selected, (try? await detail(selected)) == nil { state.selected = nil }
        let query = request.uri.queryParameters
        let start = query.get("after").flatMap { AssignmentCursor(token: $0) }.map { after in
            (section: query.get("section").flatMap { AssignmentSection(rawValue: String($0)) } ?? .current, after: after)
        }
        var response = try await split(
            selected: state.selected,
            showsDetail: false,
            state: state,
            from: start,
            request: request,
            context: context
        )
        if isNew { response.setCookie(Self.browserCookie(browser)) }
        return response
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.id("There is no assignment at that address.")
        guard (try? await detail(id)) != nil else {
            throw HTTPError(.notFound, message: AssignmentError.assignmentNotFound(id: id).description)
        }
        let (browser, isNew) = browserToken(request)
        var state = isNew ? ViewState() : try await viewStates.state(of: browser)
        // A browser's first request only gets its cookie: a client that never keeps cookies (a crawler) writes nothing.
        if state.selected != id {
            state.selected = id
            if !isNew { try await viewStates.update(browser) { $0.selected = id } }
        }
        var response = try await split(selected: id, showsDetail: true, state: state, request: request, context: context)
        if isNew { response.setCookie(Self.browserCookie(browser)) }
        return response
    }

    private func split(
        selected: Int64?,
        showsDetail: Bool,
        state: ViewState,
        refused: RefusedInput? = nil,
        from start: (section: AssignmentSection, after: AssignmentCursor)? = nil,
        request: Request,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let moment = now()
        var lists = try await firstPages(selected: selected, now: moment)
        if let start {
            // A later page without script (the Show more link followed as a link): that section from the cursor on.
            let page = try await repository.page(start.section, after: start.after, limit: AssignmentViews.pageSize)
            let rows = AssignmentViews.rows(page, section: start.section, selected: selected, now: moment)
            if start.section == .current { lists.current = RenderedHTML(rows) } else { lists.archive = rows }
        }
        var detail: HTML?
        var title = "Assignments"
        if let selected {
            let (assignment, tasks) = try await self.detail(selected)
            detail = AssignmentViews.detail(
                assignment,
                tasks: tasks,
                sync: try await syncStatus(assignment),
                refused: refused,
                csrfToken: context.csrfToken,
                now: moment,
                timeZone: timeZone
            )
            if showsDetail { title = assignment.name }
        }
        let parts = AssignmentViews.splitParts(
            archive: lists.archive,
            counts: lists.counts,
            detail: detail,
            selected: selected,
            showsDetail: showsDetail,
            archiveOpen: state.archiveOpen || start?.section == .archive,
            scroll: start == nil ? state.scroll : 0,
            csrfToken: context.csrfToken
        )
        return pages.page(
            title,
            before: parts.before,
            rendered: lists.current,
            after: parts.after,
            request: request,
            context: context,
            status: status
        )
    }

    /// The first page of each section, rendered, and the counts: read and rendered once per change, selection and
    /// half minute (the rows say how long is left), then shared by every request.
    private func firstPages(selected: Int64?, now moment: Date) async throws -> FirstPages {
        let key = FirstPagesKey(selected: selected, halfMinute: Int64(moment.timeIntervalSince1970 / 30))
        return try await firstPagesCache.value(for: key) {
            async let current = repository.page(.current, limit: AssignmentViews.pageSize)
            async let archive = repository.page(.archive, limit: AssignmentViews.pageSize)
            async let counts = repository.counts()
            return FirstPages(
                current: RenderedHTML(AssignmentViews.rows(try await current, section: .current, selected: selected, now: moment)),
                archive: AssignmentViews.rows(try await archive, section: .archive, selected: selected, now: moment),
                counts: try await counts
            )
        }
    }

    @Sendable func rows(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let section = query.get("section").flatMap { AssignmentSection(rawValue: String($0)) } ?? .current
        let after = query.get("after").flatMap { AssignmentCursor(token: $0) }
        let through = query.get("through").flatMap { AssignmentCursor(token: $0) }
        let selected = query.get("selected", as: Int64.self)
        let moment = now()
        let key = RowsKey(
            section: section,
            after: after,
            through: through,
            selected: selected,
            halfMinute: Int64(moment.timeIntervalSince1970 / 30)
        )
        let part = try await rowsCache.value(for: key) { () async throws -> RowsPart in
            if let through {
                // A live refresh of a list scrolled past its first page: everything it shows, read again.
                let page = try await repository.page(section, through: through, limit: AssignmentViews.refreshLimit)
                return RowsPart(html: RenderedHTML(AssignmentViews.rows(page, section: section, selected: selected, now: moment)))
            }
            let page = try await repository.page(section, after: after, limit: AssignmentViews.pageSize)
            let rows = RenderedHTML(AssignmentViews.rows(page, section: section, selected: selected, now: moment))
            guard after != nil, let last = page.assignments.last else { return RowsPart(html: rows) }
            // Rows appended by Show more: from now on the list's live refresh reads everything down to them.
            let selectedQuery = selected.map { "&selected=\($0)" } ?? ""
            return RowsPart(
                html: rows,
                refreshSource: "/assignments/rows?section=\(section.rawValue)&through=\(AssignmentCursor(last).token)\(selectedQuery)"
            )
        }
        return PageRenderer.html(part.html, refreshSource: part.refreshSource)
    }

    @Sendable func panel(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.id("There is no assignment at that address.")
        do {
            let (assignment, tasks) = try await detail(id)
            return PageRenderer.html(
                AssignmentViews.detail(
                    assignment,
                    tasks: tasks,
                    sync: try await syncStatus(assignment),
                    csrfToken: context.csrfToken,
                    now: now(),
                    timeZone: timeZone
                )
            )
        } catch AssignmentError.assignmentNotFound {
            return PageRenderer.html(
                "<div class=\"detail-empty\"><p class=\"muted\">This assignment was deleted. Choose another one.</p></div>"
            )
        }
    }

    @Sendable func saveViewState(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await request.decodeForm(as: ViewStateForm.self, context: context, limit: 4_096)
        let (browser, isNew) = browserToken(request)
        let archiveOpen = form.archiveOpen.map { $0 == "1" }
        let scroll = form.scroll.flatMap { Int($0) }
        try await viewStates.update(browser) { state in
            if let archiveOpen { state.archiveOpen = archiveOpen }
            if let scroll { state.scroll = scroll }
        }
        var response = Response(status: .noContent)
        if isNew { response.setCookie(Self.browserCookie(browser)) }
        return response
    }

    // MARK: - Assignments

    @Sendable func newForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        formPage(AssignmentDraft(), errors: nil, id: nil, request: request, context: context)
    }

    @Sendable func editForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let assignment = try await found { try await repository.assignment(id: try context.id("There is no assignment at that address.")) }
        return formPage(AssignmentDraft(assignment, in: timeZone), errors: nil, id: assignment.id, request: request, context: context)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let draft = try await request.decodeForm(as: AssignmentFormFields.self, context: context).draft
        switch AssignmentValidation.validate(draft, in: timeZone) {
        case .failure(let errors):
            return formPage(draft, errors: errors, id: nil, request: request, context: context, status: .unprocessableContent)
        case .success(let input):
            let assignment = try await repository.add(input)
            return pages.redirect(to: "/assignments/\(assignment.id ?? 0)", flash: Flash(.success, "Added “\(assignment.name)”."))
        }
    }

    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.id("There is no assignment at that address.")
        let draft = try await request.decodeForm(as: AssignmentFormFields.self, context: context).draft
        switch AssignmentValidation.validate(draft, in: timeZone) {
        case .failure(let errors):
            return formPage(draft, errors: errors, id: id, request: request, context: context, status: .unprocessableContent)
        case .success(let input):
            let assignment = try await found { try await repository.update(id: id, with: input) }
            return pages.redirect(to: "/assignments/\(id)", flash: Flash(.success, "Saved “\(assignment.name)”."))
        }
    }

    @Sendable func mark(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.id("There is no assignment at that address.")
        let form = try await request.decodeForm(as: MarkForm.self, context: context, limit: 4_096)
        let text = (form.mark ?? "").trimmingCharacters(in: .whitespaces)
        guard case .success(let mark) = AssignmentValidation.mark(text) else {
            _ = try await found { try await detail(id) }
            let refused = RefusedInput(
                field: .mark,
                text: form.mark ?? "",
                message: "Give the mark as a whole number from 0 to 100, or leave it empty to clear it."
            )
            return try await refusedPage(id, refused, request: request, context: context)
        }
        let assignment = try await found { try await repository.setMark(id: id, mark) }
        let message = mark.map { "Mark for “\(assignment.name)” set to \($0)%." } ?? "Mark for “\(assignment.name)” cleared."
        return pages.redirect(to: "/assignments/\(id)#mark-form", flash: Flash(.success, message))
    }

    @Sendable func confirmDelete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let assignment = try await found { try await repository.assignment(id: try context.id("There is no assignment at that address.")) }
        return pages.page(
            "Delete \(assignment.name)",
            body: AssignmentForms.confirmDelete(assignment, csrfToken: context.csrfToken),
            request: request,
            context: context
        )
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.id("There is no assignment at that address.")
        do {
            let assignment = try await repository.delete(id: id)
            return pages.redirect(to: "/assignments?list=1", flash: Flash(.info, "Deleted “\(assignment.name)” and its tasks."))
        } catch let error as AssignmentError {
            return pages.redirect(to: "/assignments", flash: Flash(.error, error.description))
        }
    }

    private func formPage(
        _ draft: AssignmentDraft,
        errors: FieldErrors<AssignmentField>?,
        id: Int64?,
        request: Request,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let heading = id == nil ? "New Assignment" : "Edit Assignment"
        let body = AssignmentForms.assignment(
            draft,
            errors: errors,
            action: id.map { "/assignments/\($0)" } ?? "/assignments",
            cancel: id.map { "/assignments/\($0)" } ?? "/assignments",
            heading: heading,
            csrfToken: context.csrfToken
        )
        return pages.page(heading, body: body, request: request, context: context, status: status)
    }

    // MARK: - Calendar

    /// The feed, written once per change, with an ETag: a calendar app polling it gets 304 until something changed.
    @Sendable func feed(_ request: Request, context: AppRequestContext) async throws -> Response {
        let feed = try await feedCache.value()
        if let match = request.headers[.ifNoneMatch],
            match.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == feed.etag
            })
        {
            return Response(status: .notModified, headers: [.eTag: feed.etag, .cacheControl: "no-cache"])
        }
        var response = Self.calendar(feed.text, filename: nil)
        response.headers[.eTag] = feed.etag
        return response
    }

    @Sendable func event(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.id("There is no assignment at that address.")
        let text = try await found {
            try await eventCache.value(for: id) {
                AssignmentCalendar.single(try await detail(id).0, timeZone: timeZone)
            }
        }
        return Self.calendar(text, filename: "assignment-\(id).ics")
    }

    static func calendar(_ text: String, filename: String?) -> Response {
        var headers: HTTPFields = [.contentType: "text/calendar; charset=utf-8", .cacheControl: "no-cache"]
        if let filename { headers[.contentDisposition] = "attachment; filename=\"\(filename)\"" }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    // MARK: - Tasks

    @Sendable func newTaskForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let assignment = try await found { try await repository.assignment(id: try context.id("There is no assignment at that address.")) }
        let start = LocalDateTime.format(now(), in: timeZone)
        return taskFormPage(TaskDraft(start: start), errors: nil, assignment: assignment, taskID: nil, request: request, context: context)
    }

    @Sendable func editTaskForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let task = try await found { try await repository.task(id: try context.id("There is no task at that address.")) }
        let assignment = try await found { try await repository.assignment(id: task.assignmentID) }
        return taskFormPage(
            TaskDraft(task, in: timeZone),
            errors: nil,
            assignment: assignment,
            taskID: task.id,
            request: request,
            context: context
        )
    }

    @Sendable func createTask(_ request: Request, context: AppRequestContext) async throws -> Response {
        let assignment = try await found { try await repository.assignment(id: try context.id("There is no assignment at that address.")) }
        let id = assignment.id ?? 0
        let draft = try await request.decodeForm(as: TaskFormFields.self, context: context).draft
        switch TaskValidation.validate(draft, in: timeZone) {
        case .failure(let errors):
            return taskFormPage(
                draft,
                errors: errors,
                assignment: assignment,
                taskID: nil,
                request: request,
                context: context,
                status: .unprocessableContent
            )
        case .success(let input):
            do {
                let task = try await repository.addTask(to: id, input)
                return pages.redirect(
                    to: "/assignments/\(id)#task-\(task.id ?? 0)",
                    flash: Flash(.success, "Added the task “\(task.name)”.")
                )
            } catch AssignmentError.tooManyTasks {
                return pages.redirect(to: "/assignments/\(id)", flash: Flash(.error, AssignmentError.tooManyTasks.description))
            }
        }
    }

    @Sendable func saveTask(_ request: Request, context: AppRequestContext) async throws -> Response {
        let task = try await found { try await repository.task(id: try context.id("There is no task at that address.")) }
        let draft = try await request.decodeForm(as: TaskFormFields.self, context: context).draft
        switch TaskValidation.validate(draft, in: timeZone) {
        case .failure(let errors):
            let assignment = try await found { try await repository.assignment(id: task.assignmentID) }
            return taskFormPage(
                draft,
                errors: errors,
                assignment: assignment,
                taskID: task.id,
                request: request,
                context: context,
                status: .unprocessableContent
            )
        case .success(let input):
            let saved = try await found { try await repository.updateTask(id: task.id ?? 0, with: input) }
            return pages.redirect(
                to: "/assignments/\(saved.assignmentID)#task-\(saved.id ?? 0)",
                flash: Flash(.success, "Saved the task “\(saved.name)”.")
            )
        }
    }

    @Sendable func setPercent(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.id("There is no task at that address.")
        let form = try await request.decodeForm(as: PercentForm.self, context: context, limit: 4_096)
        let task = try await found { try await repository.task(id: id) }
        guard let text = form.percent, let percent = Int(text.trimmingCharacters(in: .whitespaces)), (0...100).contains(percent)
        else {
            let refused = RefusedInput(
                field: .percent(id),
                text: form.percent ?? "",
                message: "Give the percent complete as a whole number from 0 to 100."
            )
            return try await refusedPage(task.assignmentID, refused, request: request, context: context)
        }
        let saved = try await found { try await repository.setPercent(taskID: id, percent) }
        return pages.redirect(
            to: "/assignments/\(saved.assignmentID)#task-\(id)",
            flash: Flash(.success, "“\(saved.name)” is \(saved.percent)% done."),
            for: request
        )
    }

    @Sendable func done(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.id("There is no task at that address.")
        let saved = try await found { try await repository.setPercent(taskID: id, 100) }
        return pages.redirect(
            to: "/assignments/\(saved.assignmentID)#task-\(id)",
            flash: Flash(.success, "“\(saved.name)” is done."),
            for: request
        )
    }

    @Sendable func deleteTask(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.id("There is no task at that address.")
        let task = try await found { try await repository.deleteTask(id: id) }
        // Back at the task list, so focus lands there rather than at the top of the page.
        return pages.redirect(
            to: "/assignments/\(task.assignmentID)#tasks-\(task.assignmentID)",
            flash: Flash(.info, "Deleted the task “\(task.name)”."),
            for: request
        )
    }

    private func taskFormPage(
        _ draft: TaskDraft,
        errors: FieldErrors<TaskField>?,
        assignment: Assignment,
        taskID: Int64?,
        request: Request,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let assignmentID = assignment.id ?? 0
        let heading = taskID == nil ? "New Task" : "Edit Task"
        let body = AssignmentForms.task(
            draft,
            errors: errors,
            action: taskID.map { "/assignments/tasks/\($0)" } ?? "/assignments/\(assignmentID)/tasks",
            cancel: "/assignments/\(assignmentID)",
            heading: heading,
            assignmentName: assignment.name,
            csrfToken: context.csrfToken
        )
        return pages.page(heading, body: body, request: request, context: context, status: status)
    }

    // MARK: - Helpers

    /// The assignment's page again, with the refused value in its field and the reason beside it (422).
    private func refusedPage(
        _ id: Int64,
        _ refused: RefusedInput,
        request: Request,
        context: AppRequestContext
    ) async throws
        -> Response
    {
        let (browser, isNew) = browserToken(request)
        let state = isNew ? ViewState() : try await viewStates.state(of: browser)
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
    private func detail(_ id: Int64) async throws -> (Assignment, [AssignmentTask]) {
        let detail = try await detailCache.value(for: id) {
            let (assignment, tasks) = try await repository.detail(id: id)
            return AssignmentDetail(assignment: assignment, tasks: tasks)
        }
        return (detail.assignment, detail.tasks)
    }

    /// The assignment's calendar status: nil without a server; `.waiting` until the push has seen it.
    private func syncStatus(_ assignment: Assignment) async throws -> CalendarSyncStatus? {
        guard let calendarSync else { return nil }
        return try await calendarSync.status(uid: assignment.uid) ?? .waiting
    }

    /// Runs `body`; a missing assignment or task becomes a 404 page that says so.
    private func found<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as AssignmentError {
            throw HTTPError(.notFound, message: error.description)
        }
    }

    /// The browser's token from its cookie, or a new one (and `true`) when it has none.
    private func browserToken(_ request: Request) -> (String, Bool) {
        if let token = request.cookie(Self.browserCookieName), ViewStateStore.isValid(token) { return (token, false) }
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

/// What the first pages of the master list depend on besides the data.
struct FirstPagesKey: Hashable, Sendable {
    var selected: Int64?
    var halfMinute: Int64
}

/// The master list's first pages, rendered, with the sections' counts.
struct FirstPages: Sendable {
    var current: RenderedHTML
    var archive: HTML
    var counts: [AssignmentSection: Int]
}

/// What a page of rows depends on besides the data.
struct RowsKey: Hashable, Sendable {
    var section: AssignmentSection
    var after: AssignmentCursor?
    var through: AssignmentCursor?
    var selected: Int64?
    var halfMinute: Int64
}

/// A page of rows, rendered, and where the list's live refresh reads from once they are shown.
struct RowsPart: Sendable {
    var html: RenderedHTML
    var refreshSource: String?
}

/// The calendar feed's text and its ETag (a checksum of the text: the same feed gets the same tag after a restart).
struct CalendarFeed: Sendable {
    var text: String
    var etag: String

    init(_ text: String) {
        self.text = text
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        etag = "\"" + String(hash, radix: 16) + "\""
    }
}

/// An assignment and its tasks, as read together.
struct AssignmentDetail: Sendable {
    var assignment: Assignment
    var tasks: [AssignmentTask]
}

/// The assignment form's fields; a missing one reads as empty.
struct AssignmentFormFields: Decodable {
    var module: String?
    var level: String?
    var name: String?
    var value: String?
    var mark: String?
    var due: String?
    var notes: String?
    var reminder: String?
    var reminderAmount: String?
    var reminderUnit: String?
    var reminderAt: String?

    var draft: AssignmentDraft {
        AssignmentDraft(
            module: module ?? "",
            level: level ?? "",
            name: name ?? "",
            value: value ?? "",
            mark: mark ?? "",
            due: due ?? "",
            notes: notes ?? "",
            reminder: reminder ?? "off",
            reminderAmount: reminderAmount ?? "",
            reminderUnit: reminderUnit ?? "days",
            reminderAt: reminderAt ?? ""
        )
    }
}

/// The task form's fields; a missing one reads as empty.
struct TaskFormFields: Decodable {
    var name: String?
    var start: String?
    var lengthKind: String?
    var end: String?
    var amount: String?
    var notes: String?
    var due: String?
    var percent: String?
    var reminder: String?
    var reminderAmount: String?
    var reminderUnit: String?
    var reminderAt: String?

    var draft: TaskDraft {
        TaskDraft(
            name: name ?? "",
            start: start ?? "",
            lengthKind: lengthKind ?? "none",
            end: end ?? "",
            amount: amount ?? "",
            notes: notes ?? "",
            due: due ?? "",
            percent: percent ?? "0",
            reminder: reminder ?? "off",
            reminderAmount: reminderAmount ?? "",
            reminderUnit: reminderUnit ?? "days",
            reminderAt: reminderAt ?? ""
        )
    }
}

struct MarkForm: Decodable {
    var mark: String?
}

struct PercentForm: Decodable {
    var percent: String?
}

struct ViewStateForm: Decodable {
    var archiveOpen: String?
    var scroll: String?
}
