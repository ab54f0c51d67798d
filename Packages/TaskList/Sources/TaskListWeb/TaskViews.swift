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
}

/// What the list page shows, read and rendered once per change of the tasks (a ``CachedValue``): the rows carry
/// nothing of the visitor, so every request until the next change serves the same bytes.
struct RenderedTaskList: Sendable {
    let rows: RenderedHTML
    let openCount: Int
    let doneCount: Int

    init(_ items: [TaskItem]) {
        rows = RenderedHTML(TaskListPage.rows(items.map(TaskRowView.init)))
        openCount = items.filter { !$0.isDone }.count
        doneCount = items.count - openCount
    }
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
