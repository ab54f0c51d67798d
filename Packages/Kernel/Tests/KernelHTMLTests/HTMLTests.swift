import KernelHTML
import Testing

@Suite("HTML writer")
struct HTMLTests {
    @Test("literal segments are markup, interpolated strings are escaped")
    func literalAndValues() {
        let name = "<b>\"Tom\" & 'Jerry'</b>"
        let html: HTML = "<p title=\"\(name)\">\(name)</p>"
        #expect(
            html.description
                == "<p title=\"&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;\">&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;</p>"
        )
    }

    @Test("HTML values nest without being escaped twice; optionals and conditions add nothing when absent")
    func nesting() {
        let inner: HTML = "<em>\("a&b")</em>"
        let missing: HTML? = nil
        let html: HTML = "<p\(if: true, " class=\"on\"")\(if: false, " hidden")>\(inner)\(missing)</p>"
        #expect(html.description == "<p class=\"on\"><em>a&amp;b</em></p>")
        // A closure over an optional builds markup, with only the value escaped.
        let failure: String? = "<404>"
        let mapped: HTML = "\(failure.map { "<span>\($0)</span>" })"
        #expect(mapped.description == "<span>&lt;404&gt;</span>")
        #expect(HTML(joining: [inner, inner]).description == "<em>a&amp;b</em><em>a&amp;b</em>")
        let rows: HTML = "<ul>\(each: [1, 2], { "<li>\($0)</li>" })</ul>"
        #expect(rows.description == "<ul><li>1</li><li>2</li></ul>")
    }

    @Test("integers are written in decimal")
    func integers() {
        let values: [Int64] = [0, 7, -42, 1_234_567_890_123, Int64.max, Int64.min]
        for value in values {
            let html: HTML = "\(value)"
            #expect(html.description == String(value))
        }
        let big: HTML = "\(UInt64.max)"
        #expect(big.description == String(UInt64.max))
    }

    @Test("URL attributes take http, https and relative addresses and refuse every other scheme")
    func urls() {
        for allowed in ["/tasks/1", "tasks", "?q=1", "#top", "https://example.com/a?b=c", "HTTP://x", "//host/x", ""] {
            #expect(HTMLURL.isAllowed(allowed), "\(allowed)")
        }
        let refused = [
            "javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "\u{1}javascript:x", "java\tscript:x",
            "java\nscript:x", "data:text/html,<script>", "vbscript:x", "file:///etc/passwd", "mailto:a@b",
        ]
        for url in refused {
            #expect(!HTMLURL.isAllowed(url), "\(url)")
            let html: HTML = "<a href=\"\(url: url)\">x</a>"
            #expect(html.description == "<a href=\"about:invalid#refused\">x</a>")
        }
        let escaped: HTML = "<a href=\"\(url: "/x?a=1&b=\"2\"")\">x</a>"
        #expect(escaped.description == "<a href=\"/x?a=1&amp;b=&quot;2&quot;\">x</a>")
    }
}
