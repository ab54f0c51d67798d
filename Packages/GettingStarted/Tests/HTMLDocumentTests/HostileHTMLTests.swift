import HTMLDocument
import Testing

@Suite("HTML document with hostile input")
struct HostileHTMLTests {
    @Test("very deep nesting parses without exhausting the stack")
    func deepNesting() throws {
        let depth = 100_000
        let html = String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth)
        let document = try HTMLDocument(string: html)
        _ = document.summary()
        _ = document.root?.elements(named: "div").count
    }

    @Test("a huge attribute value is kept whole")
    func hugeAttribute() throws {
        let value = String(repeating: "x", count: 2_000_000)
        let summary = try HTMLDocument(string: "<a href=\"\(value)\">big</a>").summary()
        #expect(summary.links.first?.href.count == value.count)
    }

    @Test("invalid UTF-8 bytes do not stop the parse")
    func invalidBytes() throws {
        let bytes =
            Array("<html><head><meta charset=utf-8><title>A".utf8) + [0xC3, 0x28, 0xFF, 0xFE, 0x80] + Array("B</title></head></html>".utf8)
        let title = try HTMLDocument(bytes: bytes).summary().title
        #expect(title.hasPrefix("A"))
    }

    @Test("an unknown declared charset falls back instead of failing")
    func unknownCharset() throws {
        let summary = try HTMLDocument(string: "<meta charset=\"x-no-such-charset\"><title>T</title><p>body</p>").summary()
        #expect(summary.text.contains("body") || summary.title == "T")
    }

    @Test("external entities and remote references are never fetched or expanded")
    func noNetwork() throws {
        let html = """
            <!DOCTYPE html SYSTEM "http://127.0.0.1:9/never.dtd">
            <html><body><img src="http://127.0.0.1:9/x.png"><p>&unknown; &amp; done</p></body></html>
            """
        let text = try HTMLDocument(string: html).summary().text
        #expect(text.contains("done"))
    }

    @Test("random bytes never crash the parser")
    func fuzz() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let count = Int.random(in: 1...512, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 1...255, using: &generator) }
            _ = try? HTMLDocument(bytes: bytes).summary()
        }
    }
}
