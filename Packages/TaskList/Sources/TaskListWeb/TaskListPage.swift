import Foundation
import KernelHTML
import KernelStorage
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
              <div class="launch-credit">Made by the Atelier team</div>
            </div>

            """
            : nil
        let back: HTML? =
            view.after == nil
            ? nil
            : "<nav class=\"list-pages\" aria-label=\"Earlier tasks\"><a class=\"button secondary\" href=\"/tasks\">Back to the first tasks</a></nav>"
        let page: HTML = """
            \(launch)<section class="tasks">
              <div class="nav-bar">
                <h1 class="page-title">Tasks</h1>
                <a class="add-button" href="/tasks/new" aria-label="Add task" title="Add task">+</a>
              </div>
              <p class="muted summary"><span id="task-counts" data-live-refresh="\(TaskChanged.name.rawValue)" data-src="/tasks/counts">\(counts(open: view.openCount, done: view.doneCount))</span> · swipe a row left (or use its circle) to mark it done</p>
              \(SearchField.render(action: "/tasks", label: "Search tasks", text: view.search?.text, list: "task-list"))
              <form id="task-actions" method="post" action="/tasks" data-inline hidden>\(HTML.csrfField(view.csrfToken))</form>
              \(back)
              <ul class="list task-list" id="task-list" data-live-events="\(TaskChanged.name.rawValue)" data-live-refresh="\(TaskChanged.name.rawValue)" data-live-rows data-src="\(url: rowsSource(after: view.after, search: view.search))">

            """
        return "\(page)    "
    }

    /// The page after the rows.
    static let closing: HTML = """

          </ul>
        </section>
        """

    /// How many tasks one page lists: two screens of a phone, a screen of an iPad or a desktop; the rest are reached by
    /// scrolling (or the "Show more tasks" link), 25 more read before the end comes into sight. Twice as many made a tap
    /// on the Tasks tile 17 ms slower at p95 (the browser's style and layout of the rows).
    public static let pageSize = 25

    /// The most rows a live refresh reads again: a page scrolled further than this keeps its first rows live.
    public static let refreshLimit = 2_000

    /// "3 to do · 1 done".
    static func counts(open: Int, done: Int) -> HTML {
        "\(open) to do · \(done) done"
    }

    /// The list's rows, or the empty state: what `GET /tasks/rows` answers for a live refresh. The rows carry no
    /// token: their buttons submit the page's `#task-actions` form (which holds it) to their own `formaction`, so the
    /// same rows serve every visitor and are rendered once per change.
    ///
    /// When more tasks follow, the last row is "Show more tasks": a link to the next page for a browser without
    /// script, whose `data-more` the script fetches and appends as the list is scrolled to it. `start` is where the
    /// page that shows these rows began (nil: at the top). An empty list says so when `sayEmpty`.
    public static func rows(
        _ rows: [TaskRowView],
        next: TaskCursor? = nil,
        start: TaskCursor? = nil,
        sayEmpty: Bool = true,
        search: TextSearch? = nil
    ) -> HTML {
        if rows.isEmpty && next == nil {
            guard sayEmpty else { return "" }
            return search.map { "<li class=\"row empty\">No tasks match “\($0.text)”.</li>" }
                ?? "<li class=\"row empty\">Nothing to do. Add a task with +.</li>"
        }
        let more: HTML? = next.map { next in
            let searched = search.map { "&q=\(SearchField.query($0.text))" } ?? ""
            let fetch = "/tasks/rows?after=\(query(next))" + (start.map { "&start=\(query($0))" } ?? "") + searched
            return """
                <li class="row more" id="task-more"><a class="button secondary" href="\(url: "/tasks?after=\(query(next))\(searched)")#task-list" data-more="\(url: fetch)">Show more tasks</a></li>

                """
        }
        return "\(HTML(joining: rows.lazy.map(row)))\(more)"
    }

    /// Where the live refresh reads the rows of a page that starts after `after` (nil: at the top) and has loaded
    /// down to `through` (nil: its first page only, whose "Show more" row must remember where the page starts).
    static func rowsSource(after: TaskCursor?, through: TaskCursor? = nil, search: TextSearch? = nil) -> String {
        let start = through == nil ? after.map { "start=\(query($0))" } : nil
        let searched = search.map { "q=\(SearchField.query($0.text))" }
        let parts = [after.map { "after=\(query($0))" }, through.map { "through=\(query($0))" }, start, searched]
            .compactMap { $0 }
        return parts.isEmpty ? "/tasks/rows" : "/tasks/rows?" + parts.joined(separator: "&")
    }

    /// A cursor as a query value: every byte but ASCII letters, digits and `-._~` percent-encoded.
    static func query(_ cursor: TaskCursor) -> String {
        cursor.description.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? ""
    }

    private static let queryAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )

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
                <time class="row-meta" datetime="\(row.dayISO)" data-format="date">\(row.day)</time>
              </div>
            </li>

            """
    }
}
