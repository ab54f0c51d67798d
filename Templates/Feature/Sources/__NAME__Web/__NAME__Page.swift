import Foundation
import KernelHTML
import KernelWeb
import __NAME__

/// What the list page shows.
struct __NAME__ListView {
    var rows: [__NAME__RowView]
    /// The id to page from for older entries, when there are more.
    var olderCursor: Int64?
    var isFirstPage: Bool
    /// What was typed in the add form (kept when it is refused).
    var title: String
    /// Why the add form was refused.
    var error: String?
    var csrfToken: String
}

/// One row of the list.
public struct __NAME__RowView: Sendable {
    let id: Int64
    let title: String
    let added: String
    let addedISO: String
    let csrfToken: String

    /// The row for `entry`; `csrfToken` goes into its delete form.
    public init(_ entry: __NAME__Entry, csrfToken: String) {
        id = entry.id ?? 0
        title = entry.title
        added = entry.createdAt.formatted(date: .abbreviated, time: .shortened)
        addedISO = entry.createdAt.formatted(.iso8601)
        self.csrfToken = csrfToken
    }
}

/// The list page and its rows.
enum __NAME__Page {
    static func render(_ view: __NAME__ListView) -> HTML {
        let error: HTML? = view.error.map { "<p class=\"field-error\" id=\"title-error\">\($0)</p>" }
        let older: HTML? = view.olderCursor.map {
            "<p class=\"pager\"><a class=\"button secondary\" href=\"/__ID__?before=\($0)\">Older</a></p>"
        }
        let newest: HTML? = view.isFirstPage ? nil : "<p class=\"pager\"><a class=\"button secondary\" href=\"/__ID__\">Newest</a></p>"
        return """
            <section class="__ID__">
              <h1 class="page-title">__TITLE__</h1>
              <form method="post" action="/__ID__" class="card __ID__-add">\(HTML.csrfField(view.csrfToken))
                <div class="field\(if: view.error != nil, " invalid")">
                  <label for="title">Title</label>
                  <input id="title" name="title" value="\(view.title)" maxlength="\(__NAME__Validation.maxTitleLength)" required\(if: view.error != nil, " aria-invalid=\"true\" aria-describedby=\"title-error\"")>
                  \(error)
                </div>
                <button type="submit" class="button">Add</button>
              </form>
              <ul class="list __ID__-list" id="__ID__-list" data-live-events="\(__NAME__Changed.name.rawValue)"\(if: view.isFirstPage, " data-live-refresh=\"\(__NAME__Changed.name.rawValue)\" data-src=\"/__ID__/rows\"")>
                \(rows(view.rows))
              </ul>
              \(newest)\(older)
            </section>
            """
    }

    /// The rows, or the empty state: what `GET /__ID__/rows` answers for a live refresh.
    static func rows(_ rows: [__NAME__RowView]) -> HTML {
        if rows.isEmpty { return "<li class=\"row empty\">Nothing here yet. Add the first entry above.</li>" }
        return HTML(joining: rows.lazy.map(row))
    }

    static func row(_ row: __NAME__RowView) -> HTML {
        """
        <li class="row __ID__-row" id="entry-\(row.id)">
          <span class="row-main"><span class="row-title">\(row.title)</span>
          <time class="row-sub" datetime="\(row.addedISO)">\(row.added)</time></span>
          <form method="post" action="/__ID__/\(row.id)/delete">\(HTML.csrfField(row.csrfToken))\
        <button type="submit" class="link-button danger-text" aria-label="Delete \(row.title)">Delete</button></form>
        </li>

        """
    }
}
