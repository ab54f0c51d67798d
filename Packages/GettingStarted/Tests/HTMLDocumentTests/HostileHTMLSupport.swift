import HTMLDocument

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SplitMix64: a small seeded generator, so that a failing input can be made again from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SplitMix64 {
    /// A number in `range`.
    mutating func number(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// One of `options`, which must not be empty.
    mutating func pick<Element>(_ options: [Element]) -> Element {
        options[number(in: 0...(options.count - 1))]
    }

    /// True `percent` times in a hundred.
    mutating func chance(percent: Int) -> Bool {
        number(in: 1...100) <= percent
    }
}

/// Random input for the parser: bytes of any value, bytes drawn from the characters markup is made of, and pages
/// built from a small alphabet of tags, attributes, text, entities, scripts, styles and comments.
enum RandomHTML {
    /// A word written only inside scripts; the readable text must never hold it.
    static let scriptMarker = "qqscriptqq"
    /// A word written only inside styles; the readable text must never hold it.
    static let styleMarker = "qqstyleqq"
    /// A word written only inside comments; no part of a summary may hold it.
    static let commentMarker = "qqcommentqq"

    /// Every `href` a generated page may give a link, as the summary reports it (whitespace collapsed).
    static let reportedHrefs: Set<String> = [
        "/", "/page", "https://example.com/a b", "/spaced", "#top", "", "javascript:alert(1)", "/unquoted",
    ]

    /// A generated page, and what the checks need to know about how it was built.
    struct Page {
        /// The page, as UTF-8.
        var bytes: [UInt8]
        /// Whether the page writes `<` or `>` as text (`&lt;`, a lone `<`…), so that the readable text may hold them.
        var hasStrayAngleBrackets: Bool
    }

    /// Up to 512 bytes of any value but zero (a zero byte makes the input binary at once).
    static func anyBytes(using generator: inout SplitMix64) -> [UInt8] {
        let count = generator.number(in: 1...512)
        var bytes: [UInt8] = []
        for _ in 0..<count { bytes.append(UInt8(generator.number(in: 1...255))) }
        return bytes
    }

    /// Up to 512 bytes, mostly the characters tags, entities, comments and processing instructions are made of, one in
    /// ten above 0x7F (seldom valid UTF-8), so that both markup and broken markup turn up.
    static func markupBytes(using generator: inout SplitMix64) -> [UInt8] {
        let count = generator.number(in: 1...512)
        var bytes: [UInt8] = []
        for _ in 0..<count {
            bytes.append(generator.chance(percent: 10) ? UInt8(generator.number(in: 0x80...0xFF)) : generator.pick(markupAlphabet))
        }
        return bytes
    }

    /// A page of up to 60 random pieces: tags with attributes, end tags (often unmatched), text, entities (some
    /// broken), scripts, styles, comments and void elements, sometimes with a doctype and a head, always ending on text
    /// so that it has a root element.
    static func page(using generator: inout SplitMix64) -> Page {
        var html = ""
        var hasStrays = false
        if generator.chance(percent: 50) { html += "<!DOCTYPE html>" }
        if generator.chance(percent: 50) {
            let title = generator.pick(words) + generator.pick(spaces) + generator.pick(words)
            html += "<html><head><meta charset=\"utf-8\"><title>\(title)</title></head><body>"
        }
        let pieces = generator.number(in: 1...60)
        for _ in 0..<pieces {
            switch generator.number(in: 0...99) {
            case 0..<25:
                var tag = "<" + generator.pick(tags)
                let attributeCount = generator.number(in: 0...3)
                for _ in 0..<attributeCount { tag += " " + attribute(using: &generator) }
                html += tag + ">"
            case 25..<40:
                html += "</" + generator.pick(tags) + ">"
            case 40..<65:
                let word = generator.pick(words)
                html += word + generator.pick(spaces)
            case 65..<72:
                html += generator.pick(entities)
            case 72..<78:
                html += script
            case 78..<82:
                html += style
            case 82..<87:
                html += comment
            case 87..<93:
                html += generator.pick(voidElements)
            default:
                html += generator.pick(strays)
                hasStrays = true
            }
        }
        html += "omega"
        return Page(bytes: Array(html.utf8), hasStrayAngleBrackets: hasStrays)
    }

    /// No `m`, `u` or `f`, so no `<meta charset=utf…>` can switch the bytes to another encoding by chance.
    private static let markupAlphabet = Array("<>/=\"'&;#!-?ahpbrisctlyed1 \n\t".utf8)

    /// Tag names in several cases: blocks, headings, links, the title, hidden elements and an unknown one.
    private static let tags = [
        "p", "P", "div", "DiV", "span", "a", "A", "b", "em", "h1", "h2", "H3", "h4", "h5", "h6", "li", "ul", "ol",
        "table", "tr", "td", "section", "nav", "pre", "blockquote", "figcaption", "title", "head", "body", "html",
        "noscript", "template", "select", "option", "iframe", "object", "svg", "math", "x-widget", "summary",
    ]

    /// Written in double quotes, single quotes or none; every one, collapsed, is in ``reportedHrefs``.
    private static let hrefs = ["/", "/page", "https://example.com/a b", " /spaced\t", "#top", "", "javascript:alert(1)"]

    private static let voidElements = [
        "<br>", "<br/>", "<hr>", "<img src=\"/img.png\" alt=\"alt text\">", "<input value=\"v\">", "<wbr>",
    ]

    /// Words without a `q`, so that no run of them spells a marker.
    private static let words = [
        "alpha", "beta", "gamma", "delta", "caf\u{E9}", "na\u{EF}ve", "\u{65E5}\u{672C}", "\u{2014}", "x", "\u{A0}",
    ]

    private static let spaces = [" ", "  ", "\n", "\t", "\r\n", "\u{0C}", "", " \n\t "]

    /// Entities, some broken: unterminated, unknown, out of range, a surrogate, zero, and whitespace by number.
    private static let entities = [
        "&amp;", "&nbsp;", "&eacute;", "&#65;", "&#x1F600;", "&#9;", "&#13;", "&#10;", "&bogus;", "&", "&#", "&#0;",
        "&#xD800;", "&#99999999;", "&amp", "&copy",
    ]

    /// Text that legitimately puts `<` or `>` into the readable text.
    private static let strays = ["< ", " > ", "&lt;", "&gt;", "</>", "<3", "&#60;", "&#x3E;"]

    /// Holds `<`, `>` and an end tag that is not its own, which the parser must still read as script.
    private static let script = "<script>var \(scriptMarker) = a < b && c > d; if (x) { y = '</div>' }</script>"
    private static let style = "<style>p > a { color: red } /* \(styleMarker) */</style>"
    private static let comment = "<!-- \(commentMarker) - x -->"

    private static func attribute(using generator: inout SplitMix64) -> String {
        switch generator.number(in: 0...7) {
        case 0: return "href=\"\(generator.pick(hrefs))\""
        case 1: return "HREF='\(generator.pick(hrefs))'"
        case 2: return "href=/unquoted"
        case 3: return "class=\"c1  c2\""
        case 4: return "id=main"
        case 5: return "title=\"a title\""
        case 6: return "hidden"
        default: return "data-x=\"&amp;y\""
        }
    }
}

/// What a summary promises, as checks that name each promise broken.
enum SummaryPromises {
    /// The promises `summary` breaks for any `input`: every field is whitespace-collapsed text without NUL bytes
    /// (only the readable text has lines), heading levels run from 1 to 6, and no more links or headings are found
    /// than the input has `<a` or `<h1`…`<h6` tags. Empty when it keeps them all.
    static func broken(by summary: HTMLSummary, input: [UInt8]) -> [String] {
        var broken = collapsed("title", summary.title, multiline: false)
        for (index, heading) in summary.headings.enumerated() {
            broken += collapsed("heading \(index + 1)", heading.text, multiline: false)
            if !(1...6).contains(heading.level) { broken.append("heading \(index + 1) has level \(heading.level)") }
        }
        for (index, link) in summary.links.enumerated() {
            broken += collapsed("link \(index + 1) text", link.text, multiline: false)
            broken += collapsed("link \(index + 1) href", link.href, multiline: false)
        }
        broken += collapsed("text", summary.text, multiline: true)
        let anchors = tagCount(in: input) { name, _ in name == UInt8(ascii: "a") }
        if summary.links.count > anchors {
            broken.append("\(summary.links.count) links from \(anchors) <a tags")
        }
        let headingTags = tagCount(in: input) { name, next in
            name == UInt8(ascii: "h") && next.map { (UInt8(ascii: "1")...UInt8(ascii: "6")).contains($0) } == true
        }
        if summary.headings.count > headingTags {
            broken.append("\(summary.headings.count) headings from \(headingTags) <h1…<h6 tags")
        }
        return broken
    }

    /// The promises `summary` breaks for a generated `page`, besides those for any input: no script, style or
    /// comment in the readable text, no comment anywhere, only hrefs the page wrote, and no `<` or `>` in the text
    /// unless the page wrote some as text.
    static func broken(by summary: HTMLSummary, page: RandomHTML.Page) -> [String] {
        var broken: [String] = []
        let text = Array(summary.text.utf8)
        for marker in [RandomHTML.scriptMarker, RandomHTML.styleMarker, RandomHTML.commentMarker] where holds(text, marker) {
            broken.append("the text holds \(marker), which the page wrote only in a script, style or comment")
        }
        let fields = [summary.title] + summary.headings.map(\.text) + summary.links.flatMap { [$0.text, $0.href] }
        for field in fields where holds(Array(field.utf8), RandomHTML.commentMarker) {
            broken.append("\(field.debugDescription) holds the text of a comment")
        }
        for link in summary.links where !RandomHTML.reportedHrefs.contains(link.href) {
            broken.append("the href \(link.href.debugDescription) is not one the page wrote")
        }
        if !page.hasStrayAngleBrackets && (text.contains(UInt8(ascii: "<")) || text.contains(UInt8(ascii: ">"))) {
            broken.append("the text holds markup")
        }
        return broken
    }

    /// How `value` breaks collapsed whitespace: a NUL byte, a tab, carriage return or form feed, whitespace at either
    /// end or twice in a row, or a line break where it must have none.
    private static func collapsed(_ field: String, _ value: String, multiline: Bool) -> [String] {
        let bytes = Array(value.utf8)
        let named = "\(field) \(value.debugDescription)"
        var broken: [String] = []
        if bytes.contains(0) { broken.append("\(named) holds a NUL byte") }
        if bytes.contains(where: { $0 == 0x09 || $0 == 0x0C || $0 == 0x0D }) {
            broken.append("\(named) holds a tab, form feed or carriage return")
        }
        if !multiline && bytes.contains(0x0A) { broken.append("\(named) holds a line break") }
        if let first = bytes.first, isSeparator(first) { broken.append("\(named) starts with whitespace") }
        if let last = bytes.last, isSeparator(last) { broken.append("\(named) ends with whitespace") }
        if zip(bytes, bytes.dropFirst()).contains(where: { pair in isSeparator(pair.0) && isSeparator(pair.1) }) {
            broken.append("\(named) holds whitespace twice in a row")
        }
        return broken
    }

    /// The two bytes collapsed text separates words with.
    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A
    }

    /// How many times `<` is followed by a byte (in lower case) and the byte after it that `matches` accepts.
    private static func tagCount(in input: [UInt8], _ matches: (UInt8, UInt8?) -> Bool) -> Int {
        var count = 0
        for index in input.indices.dropLast() where input[index] == UInt8(ascii: "<") {
            let name = input[index + 1] | 0x20
            let next = index + 2 < input.count ? input[index + 2] : nil
            if matches(name, next) { count += 1 }
        }
        return count
    }

    /// Whether `bytes` holds the UTF-8 of `word`.
    private static func holds(_ bytes: [UInt8], _ word: String) -> Bool {
        let pattern = Array(word.utf8)
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) where bytes[start..<start + pattern.count].elementsEqual(pattern) {
            return true
        }
        return false
    }
}
