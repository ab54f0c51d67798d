import TaskList

// Templates read stored properties only: Mustache renders through reflection, which does not see computed ones.

/// One row of the list as the templates see it.
struct TaskRowView {
    let id: Int64
    let name: String
    let details: String
    let hasDetails: Bool
    let isDone: Bool
    let day: String
    let dayISO: String
    let toggleLabel: String
    let csrfToken: String

    init(_ item: TaskItem, csrfToken: String) {
        id = item.id ?? 0
        name = item.name
        let firstLine = item.details.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        details = firstLine.count > 120 ? String(firstLine.prefix(119)) + "…" : firstLine
        hasDetails = !details.isEmpty
        isDone = item.isDone
        day = item.day.displayString
        dayISO = item.day.isoString
        toggleLabel = item.isDone ? "Not done" : "Done"
        self.csrfToken = csrfToken
    }
}

/// The list page.
struct TaskListView {
    let rows: [TaskRowView]
    let openCount: Int
    let doneCount: Int
    let showLaunch: Bool
    let csrfToken: String
}

/// The add / edit form, holding what was typed and any messages.
struct TaskFormView {
    let isNew: Bool
    let id: Int64?
    let action: String
    let heading: String
    let name: String
    let details: String
    let day: String
    let isDone: Bool
    let nameError: String?
    let detailsError: String?
    let dayError: String?
    let formError: String?
    let csrfToken: String
    let maxName = TaskValidation.maxNameLength
    let maxDetails = TaskValidation.maxDetailsLength
}
