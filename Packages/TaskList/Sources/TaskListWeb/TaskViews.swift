import KernelStorage
import KernelWeb
import TaskList

/// One row of the list, as the pages show it.
public struct TaskRowView: Sendable {
    let id: Int64
    let name: String
    let details: String
    let isDone: Bool
    let day: String
    let dayISO: String

    var toggleLabel: String { isDone ? "Not done" : "Done" }

    /// The row of `item`.
    public init(_ item: TaskItem) {
        id = item.id ?? 0
        name = item.name
        let firstLine = item.details.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        details = firstLine.count > 120 ? String(firstLine.prefix(119)) + "…" : firstLine
        isDone = item.isDone
        day = item.day.displayString
        dayISO = item.day.isoString
    }
}

/// The list page.
struct TaskListView {
    let openCount: Int
    let doneCount: Int
    let showLaunch: Bool
    let csrfToken: String
    /// The page lists the tasks after this one (nil: from the start).
    var after: TaskCursor? = nil
    /// What the list is searched for, if anything.
    var search: TextSearch? = nil
}

/// One page of rows, read and rendered once: the rows carry nothing of the visitor, so every request for the same
/// page until the next change serves the same bytes. Ends with the "Show more tasks" row when more follow.
struct RenderedTaskRows: Sendable {
    let rows: RenderedHTML
    /// Where the next page starts; nil on the last page.
    let next: TaskCursor?
    /// Where the list's live refresh reads once these rows are appended to it (see ``TaskRoutes``).
    let refreshSource: String?

    /// The rows of `page`, which lists the tasks after `after` (nil: from the top, where an empty list says so) on a
    /// page that starts after `start`.
    init(_ page: TaskPage, after: TaskCursor?, start: TaskCursor?, refreshSource: String? = nil, search: TextSearch? = nil) {
        rows = RenderedHTML(
            TaskListPage.rows(
                page.items.map(TaskRowView.init),
                next: page.next,
                start: start,
                sayEmpty: after == nil,
                search: search
            )
        )
        next = page.next
        self.refreshSource = refreshSource
    }
}

/// The first page of the list and the counts, kept until the next change (a ``CachedValue``).
struct RenderedTaskList: Sendable {
    let first: RenderedTaskRows
    let openCount: Int
    let doneCount: Int
}

/// The add / edit form, holding what was typed and any messages.
struct TaskFormView {
    let id: Int64?
    let draft: TaskDraft
    let isDone: Bool
    let errors: TaskValidationErrors?
    let formError: String?
    let csrfToken: String

    var isNew: Bool { id == nil }
    var action: String { id.map { "/tasks/\($0)" } ?? "/tasks" }
    var heading: String { isNew ? "New Task" : "Task Details" }
}
