import AssignmentTracker
import Foundation
import Hummingbird
import Kernel
import KernelHTML
import KernelStorage
import KernelWeb

/// The split view: the master list and the selected assignment beside it, and the parts live refresh reads.
extension AssignmentRoutes {
    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (browser, isNew) = browserToken(context)
        var state = isNew ? ViewState() : try await viewStates.state(of: viewKey(browser))
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
            search: request.search,
            request: request,
            context: context
        )
        if isNew { response.setCookie(Self.browserCookie(browser)) }
        return response
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.assignmentID()
        guard (try? await detail(id)) != nil else {
            throw HTTPError(.notFound, message: AssignmentError.assignmentNotFound(id: id).description)
        }
        let (browser, isNew) = browserToken(context)
        var state = isNew ? ViewState() : try await viewStates.state(of: viewKey(browser))
        // A browser's first request only gets its cookie: a client that never keeps cookies (a crawler) writes nothing.
        if state.selected != id {
            state.selected = id
            if !isNew { try await viewStates.update(viewKey(browser)) { $0.selected = id } }
        }
        var response = try await split(selected: id, showsDetail: true, state: state, request: request, context: context)
        if isNew { response.setCookie(Self.browserCookie(browser)) }
        return response
    }

    func split(
        selected: Int64?,
        showsDetail: Bool,
        state: ViewState,
        refused: RefusedInput? = nil,
        from start: (section: AssignmentSection, after: AssignmentCursor)? = nil,
        search: TextSearch? = nil,
        request: Request,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let moment = now()
        var lists = try await firstPages(selected: selected)
        if let search {
            // A search (the field sent without script, or a searched address opened): both sections, filtered.
            async let current = repository.page(.current, limit: AssignmentViews.pageSize, matching: search)
            async let archive = repository.page(.archive, limit: AssignmentViews.pageSize, matching: search)
            lists.current = RenderedHTML(AssignmentViews.rows(try await current, section: .current, selected: selected, search: search))
            lists.archive = AssignmentViews.rows(try await archive, section: .archive, selected: selected, search: search)
        }
        if let start {
            // A later page without script (the Show more link followed as a link): that section from the cursor on.
            let page = try await repository.page(start.section, after: start.after, limit: AssignmentViews.pageSize, matching: search)
            let rows = AssignmentViews.rows(page, section: start.section, selected: selected, search: search)
            if start.section == .current { lists.current = RenderedHTML(rows) } else { lists.archive = rows }
        }
        var detail: HTML?
        var title = "Assignments"
        if let selected {
            let panel = try await detailPanel(selected, refused: refused, csrfToken: context.csrfToken, now: moment)
            detail = panel.html
            if showsDetail { title = panel.assignment.name }
        }
        let parts = AssignmentViews.splitParts(
            archive: lists.archive,
            counts: lists.counts,
            detail: detail,
            selected: selected,
            showsDetail: showsDetail,
            archiveOpen: state.archiveOpen || start?.section == .archive,
            scroll: start == nil && search == nil ? state.scroll : 0,
            search: search,
            csrfToken: context.csrfToken,
            now: moment
        )
        return await pages.page(
            title,
            before: parts.before,
            rendered: lists.current,
            after: parts.after,
            request: request,
            context: context,
            status: status
        )
    }

    /// The first page of each section, rendered, and the counts: read and rendered once per change and selection,
    /// then shared by every request.
    func firstPages(selected: Int64?) async throws -> FirstPages {
        try await firstPagesCache.value(for: PersonalKey(owner: repository.owner, key: selected)) {
            async let current = repository.page(.current, limit: AssignmentViews.pageSize)
            async let archive = repository.page(.archive, limit: AssignmentViews.pageSize)
            async let counts = repository.counts()
            return FirstPages(
                current: RenderedHTML(AssignmentViews.rows(try await current, section: .current, selected: selected)),
                archive: AssignmentViews.rows(try await archive, section: .archive, selected: selected),
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
        let search = request.search
        let rowsKey = RowsKey(section: section, after: after, through: through, selected: selected, search: search)
        let key = PersonalKey(owner: repository.owner, key: rowsKey)
        let part = try await rowsCache.value(for: key) { () async throws -> RowsPart in
            if let through {
                // A live refresh of a list scrolled past its first page: everything it shows, read again.
                let page = try await repository.page(
                    section,
                    through: through,
                    limit: AssignmentViews.refreshLimit,
                    matching: search
                )
                return RowsPart(html: RenderedHTML(AssignmentViews.rows(page, section: section, selected: selected, search: search)))
            }
            let page = try await repository.page(section, after: after, limit: AssignmentViews.pageSize, matching: search)
            let rows = RenderedHTML(AssignmentViews.rows(page, section: section, selected: selected, search: search))
            guard after != nil, let last = page.assignments.last else { return RowsPart(html: rows) }
            // Rows appended by Show more: from now on the list's live refresh reads everything down to them.
            let selectedQuery = (selected.map { "&selected=\($0)" } ?? "") + AssignmentViews.searchQuery(search)
            return RowsPart(
                html: rows,
                refreshSource: "/assignments/rows?section=\(section.rawValue)&through=\(AssignmentCursor(last).token)\(selectedQuery)"
            )
        }
        return PageRenderer.html(part.html, refreshSource: part.refreshSource)
    }

    @Sendable func panel(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.assignmentID()
        do {
            return PageRenderer.html(try await detailPanel(id, csrfToken: context.csrfToken, now: now()).html)
        } catch AssignmentError.assignmentNotFound {
            return PageRenderer.html(
                "<div class=\"detail-empty\"><p class=\"muted\">This assignment was deleted. Choose another one.</p></div>"
            )
        }
    }

    @Sendable func saveViewState(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await request.decodeForm(as: ViewStateForm.self, context: context, limit: 4_096)
        let (browser, isNew) = browserToken(context)
        let archiveOpen = form.archiveOpen.map { $0 == "1" }
        let scroll = form.scroll.flatMap { Int($0) }
        try await viewStates.update(viewKey(browser)) { state in
            if let archiveOpen { state.archiveOpen = archiveOpen }
            if let scroll { state.scroll = scroll }
        }
        var response = Response(status: .noContent)
        if isNew { response.setCookie(Self.browserCookie(browser)) }
        return response
    }
}
