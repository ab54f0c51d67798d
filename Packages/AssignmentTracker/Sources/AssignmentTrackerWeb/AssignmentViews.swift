import AssignmentTracker
import Foundation
import Kernel
import KernelHTML
import KernelStorage
import KernelText
import KernelWeb

/// A value typed into the detail's small forms and refused: shown again in its field, with the reason beside it.
struct RefusedInput: Sendable {
    enum Field: Hashable, Sendable {
        case mark
        case percent(Int64)
    }

    var field: Field
    var text: String
    var message: String
}

/// The master list's rows and the detail panel of the split view.
enum AssignmentViews {
    /// How many assignments a page of the master list shows.
    static let pageSize = 100

    /// The most rows a live refresh reads again: a list scrolled further keeps its first rows live.
    static let refreshLimit = 2_000

    /// The rows of one page of a section, and the "Show more" row when more follow. They do not depend on the clock:
    /// the time left until each due date is written by the page's script from the date (`data-time-left`, in the words
    /// of ``DueGauge/text``), so one rendering serves until the data changes.
    static func rows(_ page: AssignmentPage, section: AssignmentSection, selected: Int64?, search: TextSearch? = nil) -> HTML {
        if page.assignments.isEmpty {
            if let search {
                return section == .current
                    ? "<li class=\"row empty\">No assignments match “\(search.text)”.</li>"
                    : "<li class=\"row empty\">Nothing archived matches “\(search.text)”.</li>"
            }
            return section == .current
                ? "<li class=\"row empty\">No assignments due. Add one with +.</li>"
                : "<li class=\"row empty\">Nothing archived yet. Past assignments and their marks stay here.</li>"
        }
        let more: HTML? = page.next.map { next in
            let query = "section=\(section.rawValue)&after=\(next.token)" + searchQuery(search)
            return """
                <li class="row more" id="\(section.rawValue)-more"><a class="button secondary" href="\(url: "/assignments?" + query)" data-more="\(url: "/assignments/rows?" + query)">Show more</a></li>

                """
        }
        return "\(HTML(joining: page.assignments.lazy.map { row($0, selected: selected) }))\(more)"
    }

    static func row(_ assignment: Assignment, selected: Int64?) -> HTML {
        let id = assignment.id ?? 0
        let percent = assignment.progress.percent
        let progress = percent.map { "\($0)% done" } ?? "No tasks"
        let mark: HTML? = assignment.mark.map { " · mark \($0)%" }
        let due = DisplayDate.iso(assignment.dueAt)
        return """
            <li class="row assignment-row" id="assignment-\(id)">
              <a class="row-main assignment-link" href="/assignments/\(id)"\(if: selected == id, " aria-current=\"page\"")>
                <span class="row-sub module">\(assignment.module)</span>
                <span class="row-title">\(assignment.name)</span>
                <span class="row-sub"><time datetime="\(due)" data-format="datetime">\(DisplayDate.dayAndTime(assignment.dueAt))</time><span class="due-left" data-time-left="\(due)" data-soon="\(Int(DueGauge.soon))"></span>\(mark)</span>
              </a>
              <span class="ring-box">\(AssignmentGraphics.ring(percent))<span class="ring-label">\(progress)</span></span>
            </li>

            """
    }

    /// The detail panel of one assignment (its facts, the due gauge, overall progress, the mark form and the tasks),
    /// with open places for what changes without the assignment changing (``DetailSlot``): rendered once per change
    /// and kept (``AssignmentDetail``), filled at each request by a ``DetailMoment``.
    static func detailTemplate(
        _ assignment: Assignment,
        tasks: [AssignmentTask],
        refused: RefusedInput? = nil,
        timeZone: TimeZone
    ) -> HTMLTemplate<DetailSlot> {
        let id = assignment.id ?? 0
        let percent = assignment.progress.percent
        let notes: HTML? = assignment.notes.isEmpty ? nil : "<p class=\"notes\">\(assignment.notes)</p>"
        let markRefused = refused.flatMap { $0.field == .mark ? $0 : nil }
        let markError: HTML? = markRefused.map { "<span class=\"field-error\" id=\"mark-error\">\($0.message)</span>" }
        var panel = HTMLTemplate<DetailSlot>(
            """
            <article class="assignment-detail" aria-labelledby="detail-title">
              <div class="detail-head">
                <p class="module-line">\(assignment.module) · Level \(assignment.level) · worth \(assignment.value)%</p>
                <h2 class="detail-title" id="detail-title">\(assignment.name)</h2>
              </div>
              <div class="card facts">
                <div class="fact"><span class="fact-label">Due</span> <time datetime="\(DisplayDate.iso(assignment.dueAt))" data-format="datetime">\(DisplayDate.dayAndTime(assignment.dueAt, in: timeZone))</time></div>

            """
        )
        panel.append("    ", .gauge, "\n")
        panel.append(
            """
                <div class="fact overall"><span class="fact-label">Progress</span> <span class="overall-text">\(percent.map { "\($0)% done" } ?? "No tasks yet")</span></div>
                \(AssignmentGraphics.bar(percent ?? 0))
                <div class="fact"><span class="fact-label">Reminder</span> \(HTML.withMoments(assignment.reminder.summary, in: timeZone))</div>

            """
        )
        panel.append("    ", .sync, "\n")
        panel.append(
            """
                \(notes)
                <form method="post" action="/assignments/\(id)/mark" class="mark-form" id="mark-form">
            """
        )
        panel.append("", .csrf, "")
        panel.append(
            """

                  <label for="mark-\(id)">Mark awarded (%)</label>
                  <span class="inline-field"><input id="mark-\(id)" name="mark" inputmode="numeric" value="\(markRefused?.text ?? assignment.mark.map(String.init) ?? "")" placeholder="Not marked yet" autocomplete="off"\(if: markRefused != nil, " autofocus aria-invalid=\"true\" aria-describedby=\"mark-error\"")>
                  <button type="submit" class="button secondary">Save Mark</button></span>
                  \(markError)
                </form>
                <div class="detail-actions">
                  <a class="button secondary" href="/assignments/\(id)/edit">Edit</a>
                  <a class="button secondary" href="/assignments/\(id)/calendar.ics" download>Add to Calendar</a>
                  <a class="button secondary danger-text" href="/assignments/\(id)/delete">Delete</a>
                </div>
              </div>
              <div class="nav-bar tasks-bar">
                <h3 class="section-title">Tasks</h3>
                <a class="button" href="/assignments/\(id)/tasks/new">Add Task</a>
              </div>

            """
        )
        panel.append("  ", .behindLine, "\n")
        panel.append("  <ul class=\"list task-list\" id=\"tasks-\(id)\">\n")
        if tasks.isEmpty {
            panel.append("    <li class=\"row empty\">No tasks yet. Break the work into tasks to follow its progress.</li>")
        }
        for (index, item) in tasks.enumerated() {
            panel.append(task(item, index: index, refused: refused, timeZone: timeZone))
        }
        panel.append("\n  </ul>\n</article>")
        return panel
    }

    static func task(_ task: AssignmentTask, index: Int, refused: RefusedInput?, timeZone: TimeZone) -> HTMLTemplate<DetailSlot> {
        let id = task.id ?? 0
        let percentRefused = refused.flatMap { $0.field == .percent(id) ? $0 : nil }
        let percentError: HTML? = percentRefused.map {
            "<span class=\"field-error\" id=\"percent-\(id)-error\">\($0.message)</span>"
        }
        let notes: HTML? = task.notes.isEmpty ? nil : "<span class=\"row-sub notes task-notes\">\(task.notes)</span>"
        let reminder: HTML? =
            task.reminder == .off
            ? nil : "<span class=\"row-sub task-reminder\">Reminder \(HTML.withMoments(task.reminder.summary, in: timeZone))</span>"
        let due: HTML? = task.dueAt.map { " · due \(HTML.moment($0, in: timeZone))" }
        // A start given as a day alone (midnight) reads as that day, not "12:00 am".
        let start: HTML =
            DisplayDate.isMidnight(task.startAt, in: timeZone)
            ? "<time datetime=\"\(DisplayDate.iso(task.startAt))\" data-format=\"date\">\(DisplayDate.day(task.startAt, in: timeZone))</time>"
            : HTML.moment(task.startAt, in: timeZone)
        let done: HTML? =
            task.isDone
            ? nil
            : """
            <button type="submit" class="button secondary" formaction="/assignments/tasks/\(id)/done" aria-label="Done: \(task.name)">Done</button>
            """
        // A row says what the task is and moves it along (its percent, Done); tapping its name opens it to edit or
        // delete, and a swipe to the left deletes it at once (with Undo), as a list on iOS does.
        var row = HTMLTemplate<DetailSlot>("<li class=\"swipe task-row\(if: task.isDone, " done")")
        row.append("", .taskBehind(index), "\" id=\"task-\(id)\" data-swipe>\n")
        row.append("  <div class=\"swipe-actions\"><form method=\"post\" action=\"/assignments/tasks/\(id)/delete\">")
        row.append("", .csrf, "")
        row.append(
            """
            <button type="submit" class="swipe-delete" tabindex="-1" aria-label="Delete \(task.name)">Delete</button></form></div>
              <div class="swipe-content row">
                <div class="row-main">
                <a class="row-title task-link" href="/assignments/tasks/\(id)/edit" aria-label="\(task.name): edit or delete">\(task.name)</a>
                <span class="row-sub">from \(start) · \(HTML.withMoments(task.length.summary, in: timeZone))\(due)</span>
                \(notes)\(reminder)
                <span class="progress-line">\(AssignmentGraphics.bar(task.percent, tone: "accent"))<span class="percent-text">\(task.percent)% done</span>\u{20}
            """
        )
        row.append("", .taskStatus(index), "</span>\n")
        row.append("    <form method=\"post\" action=\"/assignments/tasks/\(id)/percent\" class=\"percent-form\" novalidate>")
        row.append("", .csrf, "\n")
        row.append(
            """
                  <label for="percent-\(id)" class="visually-hidden">Percent complete of \(task.name)</label>
                  <input id="percent-\(id)" name="percent" type="number" min="0" max="100" step="1" inputmode="numeric" value="\(percentRefused?.text ?? String(task.percent))"\(if: percentRefused != nil, " autofocus aria-invalid=\"true\" aria-describedby=\"percent-\(id)-error\"")>
                  <button type="submit" class="button secondary" aria-label="Set % for \(task.name)">Set %</button>
                  \(done)
                  \(percentError)
                </form>
                </div>
              </div>
            </li>

            """
        )
        return row
    }

    /// `&q=…` for a search, nothing without one.
    static func searchQuery(_ search: TextSearch?) -> String {
        search.map { "&q=\(SearchField.query($0.text))" } ?? ""
    }

    /// The split view: the master list (current, then the archive) beside the selected assignment's detail, as the
    /// parts around the current section's rows (which are sent as they were rendered, not copied). `showsDetail`
    /// marks a page whose address names the assignment: on a phone it shows the detail alone, with Back.
    static func splitParts(
        archive: HTML,
        counts: [AssignmentSection: Int],
        detail: HTML?,
        selected: Int64?,
        showsDetail: Bool,
        archiveOpen: Bool,
        scroll: Int,
        search: TextSearch?,
        csrfToken: String,
        now: Date
    ) -> (before: HTML, after: HTML) {
        let selectedQuery = (selected.map { "&selected=\($0)" } ?? "") + searchQuery(search)
        let detailPane: HTML =
            detail
            ?? "<div class=\"detail-empty\"><p class=\"muted\">Choose an assignment to see its tasks, or add one with +.</p></div>"
        let source = selected.map { "/assignments/\($0)/panel" } ?? ""
        let before: HTML = """
            <div class="split\(if: showsDetail, " showing-detail")" data-selected="\(selected.map(String.init) ?? "")">
              <section class="master" id="master" aria-labelledby="master-title" data-scroll="\(scroll)" data-server-now="\(Int64((now.timeIntervalSince1970 * 1000).rounded()))">
                <div class="nav-bar">
                  <h1 class="page-title" id="master-title">Assignments</h1>
                  <a class="add-button" href="/assignments/new" aria-label="Add assignment" title="Add assignment">+</a>
                </div>
                <p class="feed-line"><a class="button secondary" href="/assignments/calendar.ics">Calendar Feed</a> <span class="muted">Subscribe to it in your calendar app.</span></p>
                \(SearchField.render(action: "/assignments", label: "Search assignments", text: search?.text, list: "assignment-list archive-list"))
                <ul class="list assignment-list" id="assignment-list" aria-label="Current assignments" data-live-events="\(AssignmentChanged.name.rawValue)" data-live-refresh="\(AssignmentChanged.name.rawValue)" data-src="\(url: "/assignments/rows?section=current" + selectedQuery)">

            """
        let after: HTML = """

                </ul>
                <details class="archive" id="archive"\(if: archiveOpen, " open")>
                  <summary class="archive-summary">Archive (\(counts[.archive] ?? 0))</summary>
                  <ul class="list assignment-list" id="archive-list" aria-label="Archived assignments" data-live-refresh="\(AssignmentChanged.name.rawValue)" data-src="\(url: "/assignments/rows?section=archive" + selectedQuery)">
                  \(archive)
                  </ul>
                </details>
              </section>
              <section class="detail" aria-label="Selected assignment">
                <p class="back-line"><a class="button secondary back-button" href="/assignments?list=1">‹ Assignments</a></p>
                <div class="detail-pane" id="detail-pane"\(if: selected != nil, " data-live-refresh=\"\(AssignmentChanged.name.rawValue)\" data-src=\"\(source)\"")>
                \(detailPane)
                </div>
              </section>
            </div>
            <form id="ui-state" method="post" action="/assignments/ui-state" hidden>\(HTML.csrfField(csrfToken))</form>
            """
        return (before, after)
    }
}
