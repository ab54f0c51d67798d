import KernelHTML
import KernelWeb
import TaskList

/// The list page and its rows.
public enum TaskListPage {
    /// The page up to the rows (sent before the rendered rows, then ``closing``).
    static func opening(_ view: TaskListView) -> HTML {
        let launch: HTML? =
            view.showLaunch
            ? """
            <div class="launch-screen" aria-hidden="true">
              <div class="launch-mark">✓</div>
              <div class="launch-name">Tasks</div>
            </div>

            """
            : nil
        let page: HTML = """
            \(launch)<section class="tasks">
              <div class="nav-bar">
                <h1 class="page-title">Tasks</h1>
                <a class="add-button" href="/tasks/new" aria-label="Add task" title="Add task">+</a>
              </div>
              <p class="muted summary">\(view.openCount) to do · \(view.doneCount) done · swipe a row left (or use its circle) to mark it done</p>
              <form id="task-actions" method="post" action="/tasks" hidden>\(HTML.csrfField(view.csrfToken))</form>
              <ul class="list task-list" id="task-list" data-live-events="\(TaskChanged.name.rawValue)" data-live-refresh="\(TaskChanged.name.rawValue)" data-src="/tasks/rows">

            """
        return "\(page)    "
    }

    /// The page after the rows.
    static let closing: HTML = """

          </ul>
        </section>
        """

    /// The list's rows, or the empty state: what `GET /tasks/rows` answers for a live refresh. The rows carry no
    /// token: their buttons submit the page's `#task-actions` form (which holds it) to their own `formaction`, so the
    /// same rows serve every visitor and are rendered once per change.
    public static func rows(_ rows: [TaskRowView]) -> HTML {
        if rows.isEmpty { return "<li class=\"row empty\">Nothing to do. Add a task with +.</li>" }
        return HTML(joining: rows.lazy.map(row))
    }

    static func row(_ row: TaskRowView) -> HTML {
        let done: HTML = row.isDone ? "true" : "false"
        let details: HTML? = row.details.isEmpty ? nil : "<span class=\"row-sub\">\(row.details)</span>"
        return """
            <li class="swipe task-row\(if: row.isDone, " done")" id="task-\(row.id)" data-swipe data-task-id="\(row.id)" data-done="\(done)">
              <div class="swipe-actions">
                <button type="submit" form="task-actions" formaction="/tasks/\(row.id)/toggle" class="swipe-toggle\(if: row.isDone, " undo")" tabindex="-1">\(row.toggleLabel)</button>
              </div>
              <div class="swipe-content row">
                <button type="submit" form="task-actions" formaction="/tasks/\(row.id)/toggle" class="check" aria-label="Mark \(row.name) \(row.toggleLabel)" aria-pressed="\(done)"></button>
                <a class="row-main task-link" href="/tasks/\(row.id)">
                  <span class="row-title task-name">\(row.name)</span>
                  \(details)
                </a>
                <time class="row-meta" datetime="\(row.dayISO)">\(row.day)</time>
              </div>
            </li>

            """
    }
}
