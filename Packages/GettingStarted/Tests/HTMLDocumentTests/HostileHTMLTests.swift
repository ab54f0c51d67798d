import Foundation
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
        let html = "<meta charset=\"x-no-such-charset\"><title>T</title><p>body</p>"
        // Only bytes read without an encoding go by the page's own charset: `init(string:)` always reads UTF-8.
        let summary = try HTMLDocument(bytes: Array(html.utf8)).summary()
        #expect(summary.title == "T")
        #expect(summary.text == "body")
        #expect(try HTMLDocument(string: html).summary() == summary)
    }

    @Test("external entities and remote references are never fetched or expanded")
    func noNetwork() throws {
        let listener = try LoopbackListener()
        // The listener must notice a connection, or noticing none below would prove nothing.
        try listener.connectOnce()
        #expect(listener.acceptConnections(waitingMilliseconds: 1_000) == 1)
        let origin = "http://127.0.0.1:\(listener.port)"
        let doctypes = [
            "<!DOCTYPE html SYSTEM \"\(origin)/doctype.dtd\">",
            "<!DOCTYPE html SYSTEM \"\(origin)/doctype.dtd\" [<!ENTITY external SYSTEM \"\(origin)/entity.txt\">]>",
        ]
        let head = "<link rel=\"stylesheet\" href=\"\(origin)/style.css\"><script src=\"\(origin)/script.js\"></script>"
        let body = """
            <img src="\(origin)/image.png"><iframe src="\(origin)/frame.html"></iframe>
            <object data="\(origin)/object.svg"></object><p>&external; &unknown; &amp; done</p>
            """
        for doctype in doctypes {
            let document = try HTMLDocument(string: "\(doctype)<html><head>\(head)</head><body>\(body)</body></html>")
            #expect(document.summary().text.contains("done"))
            #expect(document.root?.elements(named: "img").first?.attribute("src") == "\(origin)/image.png")
        }
        #expect(listener.acceptConnections(waitingMilliseconds: 200) == 0, "the parser connected to \(origin)")
    }

    @Test("random input always gives a summary that keeps its promises")
    func fuzz() {
        // A fixed seed checks the same inputs every run; HTML_FUZZ_SEED=<n> tries others or replays a failure.
        let seed = ProcessInfo.processInfo.environment["HTML_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED_F022
        var generator = SplitMix64(seed: seed)
        for index in 0..<600 {
            let input: [UInt8]
            let page: RandomHTML.Page?
            switch index % 3 {
            case 0:
                input = RandomHTML.anyBytes(using: &generator)
                page = nil
            case 1:
                input = RandomHTML.markupBytes(using: &generator)
                page = nil
            default:
                let generated = RandomHTML.page(using: &generator)
                input = generated.bytes
                page = generated
            }
            let context = "seed \(seed), input \(index): \(String(decoding: input, as: UTF8.self).debugDescription)"
            let summary: HTMLSummary
            do {
                summary = try HTMLDocument(bytes: input).summary()
            } catch {
                // Random bytes may be refused as binary; a generated page, all tags and text, never is.
                if page != nil { Issue.record("a generated page was refused (\(error)); \(context)") }
                continue
            }
            var broken = SummaryPromises.broken(by: summary, input: input)
            if let page { broken += SummaryPromises.broken(by: summary, page: page) }
            #expect(broken.isEmpty, "\(broken.joined(separator: "; ")); \(context)")
            let again = try? HTMLDocument(bytes: input).summary()
            #expect(again == summary, "the same bytes gave another summary; \(context)")
        }
    }
}
