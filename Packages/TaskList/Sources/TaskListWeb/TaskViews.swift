import TaskList

/// One row of the list, as the pages show it.
public struct TaskRowView: Sendable {
    let id: Int64
    let name: String
    let details: String
    let isDone: Bool
    let day: String
    let dayISO: String
    let csrfToken: String

    var toggleLabel: String { isDone ? "Not done" : "Done" }

    /// The row of `item`, whose forms carry `csrfToken`.
    public init(_ item: TaskItem, csrfToken: String) {
        id = item.id ?? 0
        name = item.name
        let firstLine = item.details.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        details = firstLine.count > 120 ? String(firstLine.prefix(119)) + "…" : firstLine
        isDone = item.isDone
        day = item.day.displayString
        dayISO = item.day.isoString
        self.csrfToken = csrfToken
    }
}

/// The list page.
struct TaskListView {
    let rows: [TaskRowView]
    let openCount: Int
    let doneCount: Int
    let showLaunch: Bool
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
