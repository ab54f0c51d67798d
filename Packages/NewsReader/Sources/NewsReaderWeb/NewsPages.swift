import KernelHTML
import KernelWeb
import NewsReader

/// The reader's two screens, written with the house's HTML writer: every feed text goes through its escaping.
enum NewsPages {
    /// Screen 1: the headlines, the Reload button, the status line and the pager.
    static func list(_ state: HeadlineListState, csrfToken: String, search: String? = nil) -> HTML {
        "\(listOpening(state, csrfToken: csrfToken, search: search))\(listBody(state.rows, search: search))\(listClosing(state))"
    }

    /// Screen 1 up to its list: the heading, Reload, the search field and the status line.
    static func listOpening(
        _ state: HeadlineListState,
        csrfToken: String,
        search: String? = nil,
        statusWords: HTML? = nil
    ) -> HTML {
        let source = "/news/rows" + (search.map { "?q=\(SearchField.query($0))" } ?? "")
        let live: HTML =
            state.isFirstPage
            ? " data-live-events=\"\(HeadlinesChanged.name.rawValue)\" data-live-refresh=\"\(HeadlinesChanged.name.rawValue)\" data-src=\"\(url: source)\""
            : ""
        let searchField: HTML? =
            state.isFirstPage ? SearchField.render(action: "/news", label: "Search headlines", text: search, list: "news-live") : nil
        let page: HTML = """
            <section class="news" data-news-screen="headlines">
              <div class="news-head">
                <h1 class="page-title">News</h1>
                <form method="post" action="/news/reload" class="news-reload" id="news-reload">\(HTML.csrfField(csrfToken))\
            <button type="submit" class="button">Reload</button></form>
              </div>
              <p class="news-pull" id="news-pull" aria-hidden="true" hidden>Pull down to reload</p>
              \(searchField)
              <div class="news-live" id="news-live"\(live)>

            """
        return "\(page)    \(statusLine(state, csrfToken: csrfToken, words: statusWords))\n"
    }

    /// Screen 1 after its list: the pager.
    static func listClosing(_ state: HeadlineListState) -> HTML {
        let more: HTML? = state.nextCursor.map {
            "<a class=\"button secondary\" href=\"/news?after=\($0)\">More headlines</a>"
        }
        let newest: HTML? = state.isFirstPage ? nil : "<a class=\"button secondary\" href=\"/news\">Newest headlines</a>"
        return """

              </div>
              <nav class="pager" aria-label="More headlines">\(newest)\(more)</nav>
            </section>
            """
    }

    /// The status line and the rows: what `GET /news/rows` answers for a live refresh (`list`, when given, is the
    /// rows already written).
    static func rows(
        _ state: HeadlineListState,
        csrfToken: String,
        list: HTML? = nil,
        statusWords: HTML? = nil,
        search: String? = nil
    ) -> HTML {
        let list = list ?? listBody(state.rows, search: search)
        return "\(statusLine(state, csrfToken: csrfToken, words: statusWords))\n\(list)"
    }

    /// The line saying how fresh the headlines are, with Retry after a failure.
    /// The status line; `words` are its text as markup when they were written already (the first page's are kept).
    static func statusLine(_ state: HeadlineListState, csrfToken: String, words: HTML? = nil) -> HTML {
        let retry: HTML? =
            state.status.isProblem
            ? """
            <form method="post" action="/news/reload" class="inline">\(HTML.csrfField(csrfToken))\
            <button type="submit" class="link-button" id="news-retry">Retry</button></form>
            """
            : nil
        return """
            <p class="news-status\(if: state.status.isProblem, " problem")" role="status">\(words ?? HTML.withMoments(state.status.text)) \(retry)</p>
            """
    }

    /// The list of `rows`, or the empty state.
    static func listBody(_ rows: [HeadlineRow], search: String? = nil) -> HTML {
        guard rows.isEmpty else { return "<ul class=\"list news-list\">\(each: rows, row)</ul>" }
        return search.map { "<p class=\"news-empty\">No stories match “\($0)”.</p>" }
            ?? "<p class=\"news-empty\">There are no headlines to show yet.</p>"
    }

    static func row(_ row: HeadlineRow) -> HTML {
        """
        <li class="row news-row" id="story-\(row.id)"><a class="news-link" href="/news/\(row.id)">\
        <span class="news-headline">\(row.headline)</span>\
        <time class="news-date" datetime="\(row.machineDate)" data-format="date">\(row.dateText)</time></a></li>

        """
    }

    /// Screen 2: one story's headline, date and introduction.
    static func article(_ row: HeadlineRow) -> HTML {
        """
        <article class="news-article" data-news-screen="article">
          <p class="news-back"><a class="button secondary" href="/news">Back to headlines</a></p>
          <h1 class="news-headline">\(row.headline)</h1>
          <p><time class="news-date" datetime="\(row.machineDate)" data-format="date">\(row.dateText)</time></p>
          <p class="news-intro">\(row.introduction)</p>
        </article>
        """
    }
}
