import KernelHTML

/// The viewer of a downloaded page: everything from the page is shown as text, nothing of it as markup.
enum DownloadViewerPage {
    static func render(_ view: DownloadViewerView) -> HTML {
        let outline: HTML? =
            view.headings.isEmpty
            ? nil
            : """
            <section class="card viewer-section">
                <h2 class="section-title">Outline</h2>
                \(view.outlineNote.map { "<p class=\"hint\" id=\"outline-note\">\($0)</p>" })
                <ul class="outline">
                  \(each: view.headings, { "<li class=\"indent-\($0.level)\">\($0.text)</li>" })
                </ul>
              </section>
            """
        let links: HTML? =
            view.links.isEmpty
            ? nil
            : """
            <section class="card viewer-section">
                <h2 class="section-title">Links</h2>
                \(view.linksNote.map { "<p class=\"hint\" id=\"links-note\">\($0)</p>" })
                <ul class="viewer-links">
                  \(each: view.links, { "<li><span class=\"link-text\">\($0.text)</span> <code class=\"link-href\">\($0.href)</code></li>" })
                </ul>
              </section>
            """
        return """
            <article class="viewer">
              <div class="nav-bar">
                <a class="bar-button" href="/downloads">‹ Downloads</a>
              </div>
              <h1 class="page-title viewer-title">\(view.title)</h1>
              <p class="muted viewer-url">\(view.url)\(view.encoding.map { " · read as \($0)" })</p>
              \(view.message.map { "<p class=\"form-error viewer-message\" role=\"alert\">\($0)</p>" })
              \(outline)
              <section class="card viewer-section">
                <h2 class="section-title">Text</h2>
                \(if: view.textIsCut, "<p class=\"hint\" id=\"text-note\">Showing the start of the text. <a href=\"/downloads/\(view.id)/text\">The whole text</a> opens as plain text.</p>")
                <div class="readable-text">\(view.text)</div>
              </section>
              \(links)
              <section class="card viewer-section">
                <h2 class="section-title">Source</h2>
                \(view.sourceNote.map { "<p class=\"hint\">\($0)</p>" })
                <pre class="source-view" id="source" tabindex="0">
            \(view.source)</pre>
              </section>
            </article>
            """
    }
}
