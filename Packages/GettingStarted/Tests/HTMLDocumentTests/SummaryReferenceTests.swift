import HTMLDocument
import Testing

/// `summary()` is written for speed (byte buffers, packed tag names, reused scratch text); these tests hold it to
/// a plain restatement of its rules built on the public node API, over many generated pages.
@Suite("HTML summary against a plain reference")
struct SummaryReferenceTests {
    @Test("generated pages summarise exactly as the reference does")
    func generatedPages() throws {
        var random = SeededRandom(seed: 0x5EED)
        for _ in 0..<300 {
            var html = ""
            for _ in 0..<random.next(below: 80) { html += Self.pieces[random.next(below: Self.pieces.count)] }
            guard let document = try? HTMLDocument(string: html.isEmpty ? "x" : html) else { continue }
            #expect(document.summary() == ReferenceSummary.of(document), "\(html)")
        }
    }

    @Test("text longer than the initial buffers is kept whole")
    func longText() throws {
        let words = (0..<20_000).map { "word\($0)" }
        let html = "<h1>\(words.prefix(3_000).joined(separator: "  \n "))</h1><p>\(words.joined(separator: " \t "))</p>"
        let document = try HTMLDocument(string: html)
        let summary = document.summary()
        #expect(summary == ReferenceSummary.of(document))
        #expect(summary.text.hasSuffix("word19999"))
    }

    /// Fragments of markup, some well formed and some not, covering every kind of element the summary tells apart.
    static let pieces = [
        "<p>", "</p>", "<div>", "</div>", "<a href=\" x \n y \">", "<a href='/q'>", "<A HREF=/Z>", "</a>", "<a>", "<h1>",
        "</h1>", "<H3>", "</h3>", "<h6>", "</h6>", "<b>", "</b>", "<script>s  x</script>", "<style>c</style>",
        "<title> T  i\nt </title>", "<head>", "</head>", "<body>", " ", "  \n\t ", "\r\n", "\u{0C}", "word", "café", "日本",
        "\u{00A0}", "&amp;", "&nbsp;", "<br>", "<li>", "<table><tr><td>c</td></tr></table>", "<noscript>n</noscript>",
        "<![CDATA[cd]]>", "<!-- c -->", "<template>t</template>", "<svg><text>s</text></svg>", "<pre>  p  re </pre>",
        "<section>", "</section>", "<iframe>f</iframe>", "<math>m</math>", "<span>", "</span>", "<summary>s</summary>",
        "<h2><script>hs</script>hidden in heading</h2>", "<h4><title>tt</title>x</h4>", "<object>o</object>",
        "<select><option>o</option></select>", "<a href=\"\">empty</a>", "<nav>", "</nav>", "<em>", "</em>",
        "<blockquote>", "</blockquote>", "<figcaption>f</figcaption>", "<figure>", "</figure>", "<abbreviated>",
    ]
}

/// The summary rules, restated without any of the fast paths.
private struct ReferenceSummary {
    var title: [UInt8]?
    var headings: [HTMLHeading] = []
    var links: [HTMLLink] = []
    var text = ReferenceText()

    static func of(_ document: HTMLDocument) -> HTMLSummary {
        var summary = ReferenceSummary()
        if let root = document.root { summary.visit(root) }
        var title = ReferenceText()
        title.append(summary.title ?? [])
        return HTMLSummary(title: title.string, headings: summary.headings, links: summary.links, text: summary.text.string)
    }

    static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "details", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer",
        "form",
        "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "td", "th", "tr", "ul",
        "caption", "body",
    ]
    static let hidden: Set<String> = ["script", "style", "noscript", "template", "head", "iframe", "object", "svg", "math", "select"]
    static let headingLevels = ["h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6]

    mutating func visit(_ node: HTMLNode) {
        if node.isText {
            text.append(Array(node.textContent.utf8))
            return
        }
        guard node.isElement else { return }
        let name = node.name.lowercased()
        if Self.hidden.contains(name) {
            if name == "head", title == nil, let titleNode = node.children.first(where: { $0.isElement && $0.name.lowercased() == "title" })
            {
                title = Array(titleNode.textContent.utf8)
            }
            return
        }
        if name == "title" {
            if title == nil { title = Array(node.textContent.utf8) }
            return
        }
        let level = Self.headingLevels[name]
        let breaks = level != nil || Self.blocks.contains(name)
        if breaks { text.breakLine() }
        if let level { headings.append(HTMLHeading(level: level, text: Self.collapsed(node.textContent))) }
        if name == "a", let href = node.attribute("href") {
            links.append(HTMLLink(text: Self.collapsed(node.textContent), href: Self.collapsed(href)))
        }
        for child in node.children { visit(child) }
        if breaks { text.breakLine() }
    }

    static func collapsed(_ string: String) -> String {
        var text = ReferenceText()
        text.append(Array(string.utf8))
        return text.string
    }
}

/// HTML whitespace collapsing, one byte at a time.
private struct ReferenceText {
    var bytes: [UInt8] = []
    var pendingSpace = false
    var pendingBreak = false

    mutating func append(_ content: [UInt8]) {
        for byte in content {
            if [0x20, 0x0A, 0x09, 0x0D, 0x0C].contains(byte) {
                pendingSpace = true
                continue
            }
            if pendingBreak {
                bytes.append(0x0A)
            } else if pendingSpace && !bytes.isEmpty {
                bytes.append(0x20)
            }
            pendingBreak = false
            pendingSpace = false
            bytes.append(byte)
        }
    }

    mutating func breakLine() {
        if !bytes.isEmpty { pendingBreak = true }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// SplitMix64, so a failing page can be reproduced.
private struct SeededRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((mixed ^ (mixed >> 31)) % UInt64(bound))
    }
}
