import KernelHTML
import Testing

@Suite("HTML escaping")
struct HTMLEscapingTests {
    @Test("the five markup characters are replaced, in text and attribute values alike")
    func markupCharacters() {
        #expect(HTMLEscaping.escape(#"<a href="x" title='y'>&</a>"#) == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
    }

    @Test("a quote or < followed by a combining mark is still escaped (one Character, two scalars)")
    func combiningMarks() {
        let name = "x\"\u{0301} autofocus onfocus=alert(1) data-x=\"y"
        #expect(name.unicodeScalars.count == name.count + 1)  // the quote and its accent are one Character
        let escaped = HTMLEscaping.escape(name)
        #expect(!escaped.contains("\""))
        #expect(escaped == "x&quot;\u{0301} autofocus onfocus=alert(1) data-x=&quot;y")
        #expect(HTMLEscaping.escape("<\u{059D}script>") == "&lt;\u{059D}script&gt;")
        #expect(HTMLEscaping.escape("&\u{0301}amp;") == "&amp;\u{0301}amp;")
        #expect(HTMLEscaping.escape("'\u{0301}") == "&#39;\u{0301}")
        #expect(HTMLEscaping.escape(">\u{20DD}") == "&gt;\u{20DD}")
    }

    @Test("text without markup characters comes out byte for byte, whatever its script or emoji")
    func plainText() {
        for text in ["", "plain", "café", "日本語", "👩‍👩‍👧 family", "☺︎ ☺️", "\u{202E}evil\u{202C}", "tab\tbell\u{07}esc\u{1B}"] {
            #expect(HTMLEscaping.escape(text) == text)
        }
    }

    @Test("NUL becomes U+FFFD and CR a character reference, so the value reads back as typed where it can")
    func nulAndCarriageReturn() {
        #expect(HTMLEscaping.escape("a\u{0}b") == "a\u{FFFD}b")
        #expect(HTMLEscaping.escape("line\r\nnext") == "line&#13;\nnext")
    }

    @Test("every output is free of raw markup characters, checked scalar by scalar over generated text")
    func generated() {
        var generator = SeededGenerator(seed: 17)
        let alphabet: [Unicode.Scalar] = [
            "<", ">", "&", "\"", "'", "a", " ", "\u{0301}", "\u{059D}", "\u{200D}", "\u{FE0F}", "\u{202E}", "\u{1F469}",
            "\u{0}", "\r", "\n", "é",
        ]
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<40, using: &generator) {
                text.append(alphabet.randomElement(using: &generator)!)
            }
            let escaped = HTMLEscaping.escape(String(text))
            #expect(!escaped.unicodeScalars.contains { "<>\"'\u{0}\r".unicodeScalars.contains($0) })
            #expect(Array(Self.decode(escaped).unicodeScalars) == Array(String(text).replacingNUL.unicodeScalars))
        }
    }

    /// A reference decoder for the few references the escaper writes, read scalar by scalar.
    static func decode(_ text: String) -> String {
        let references: [(String, Unicode.Scalar)] = [
            ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#13;", "\r"),
        ]
        var result = String.UnicodeScalarView()
        var rest = text.unicodeScalars[...]
        outer: while let first = rest.first {
            if first == "&" {
                for (reference, value) in references where rest.starts(with: reference.unicodeScalars) {
                    result.append(value)
                    rest = rest.dropFirst(reference.unicodeScalars.count)
                    continue outer
                }
            }
            result.append(first)
            rest = rest.dropFirst()
        }
        return String(result)
    }
}

extension String {
    fileprivate var replacingNUL: String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 }))
    }
}

/// A small deterministic generator (SplitMix64), so a failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

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
