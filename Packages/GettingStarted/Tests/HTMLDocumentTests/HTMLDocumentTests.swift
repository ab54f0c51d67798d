import Foundation
import HTMLDocument
import Testing

@Suite("HTML document")
struct HTMLDocumentTests {
    static let articlePage = """
        <!DOCTYPE html>
        <html lang="en"><head>
          <meta charset="utf-8">
          <title>  The   Swift
            Programming Language </title>
          <style>body { color: red }</style>
          <script>document.write("never")</script>
        </head>
        <body>
          <nav><a href="/">Home</a> <a href="https://example.com/docs">Docs</a></nav>
          <h1>Welcome</h1>
          <p>Swift is <b>fast</b> and   safe.</p>
          <h2>Getting <em>started</em></h2>
          <ul><li>Install</li><li>Build</li></ul>
          <a href=" /guide ">The <span>guide</span></a>
          <noscript>Enable scripts</noscript>
        </body></html>
        """

    @Test("the title is read with its whitespace collapsed")
    func title() throws {
        let summary = try HTMLDocument(string: Self.articlePage).summary()
        #expect(summary.title == "The Swift Programming Language")
    }

    @Test("headings form an outline with their levels")
    func headings() throws {
        let summary = try HTMLDocument(string: Self.articlePage).summary()
        #expect(summary.headings == [HTMLHeading(level: 1, text: "Welcome"), HTMLHeading(level: 2, text: "Getting started")])
    }

    @Test("block elements with long names, like blockquote and figcaption, start their own lines of text")
    func longBlockNames() throws {
        let quote = "<body>Intro <blockquote>Quoted words</blockquote> outro</body>"
        #expect(try HTMLDocument(string: quote).summary().text == "Intro\nQuoted words\noutro")
        let caption = "<body>Photo <figcaption>A caption</figcaption> credits</body>"
        #expect(try HTMLDocument(string: caption).summary().text == "Photo\nA caption\ncredits")
    }

    @Test("links keep their text and trimmed href, in document order")
    func links() throws {
        let summary = try HTMLDocument(string: Self.articlePage).summary()
        #expect(
            summary.links == [
                HTMLLink(text: "Home", href: "/"),
                HTMLLink(text: "Docs", href: "https://example.com/docs"),
                HTMLLink(text: "The guide", href: "/guide"),
            ]
        )
    }

    @Test("readable text puts blocks on their own lines and leaves out scripts, styles and noscript")
    func readableText() throws {
        let text = try HTMLDocument(string: Self.articlePage).summary().text
        #expect(text.contains("Welcome\nSwift is fast and safe.\nGetting started\nInstall\nBuild"))
        #expect(!text.contains("never"))
        #expect(!text.contains("color"))
        #expect(!text.contains("Enable scripts"))
        #expect(!text.contains("The Swift Programming"))
    }

    @Test("a meta charset of windows-1252 is honoured")
    func windows1252() throws {
        var bytes = Array(#"<html><head><meta charset="windows-1252"><title>Caf"#.utf8)
        bytes += [0xE9, 0x20, 0x93, 0x71, 0x94]  // "é “q”" in windows-1252
        bytes += Array("</title></head><body><p>ok</p></body></html>".utf8)
        let document = try HTMLDocument(bytes: bytes)
        #expect(document.summary().title == "Café “q”")
    }

    @Test("an http-equiv Content-Type charset of ISO-8859-1 is honoured")
    func httpEquivLatin1() throws {
        var bytes = Array(#"<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">"#.utf8)
        bytes += Array("</head><body><h1>Gr".utf8) + [0xFC, 0xDF, 0x65] + Array("</h1></body></html>".utf8)
        #expect(try HTMLDocument(bytes: bytes).summary().headings.first?.text == "Grüße")
    }

    @Test("Shift_JIS pages are decoded")
    func shiftJIS() throws {
        var bytes = Array(#"<html><head><meta charset="Shift_JIS"><title>"#.utf8)
        bytes += [0x93, 0xFA, 0x96, 0x7B]  // 日本
        bytes += Array("</title></head><body></body></html>".utf8)
        #expect(try HTMLDocument(bytes: bytes).summary().title == "日本")
    }

    @Test("a UTF-16 page with a byte order mark is decoded, not taken for binary")
    func utf16() throws {
        let text = "<html><head><title>Ünïcode</title></head><body><p>hi</p></body></html>"
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try HTMLDocument(bytes: bytes).summary().title == "Ünïcode")
    }

    @Test("an encoding passed by the caller (from Content-Type) wins over guessing")
    func callerEncoding() throws {
        let bytes = Array("<p>".utf8) + [0xE9] + Array("</p>".utf8)
        #expect(try HTMLDocument(bytes: bytes, encoding: "ISO-8859-1").summary().text == "é")
    }

    @Test("empty, blank and binary input give clear errors")
    func refusedInput() {
        #expect(throws: HTMLParseError.empty) { try HTMLDocument(bytes: [UInt8]()) }
        #expect(throws: HTMLParseError.whitespaceOnly) { try HTMLDocument(string: "  \n\t \r\n ") }
        #expect(throws: HTMLParseError.binary) { try HTMLDocument(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) }
        #expect(HTMLParseError.binary.description.contains("binary"))
    }

    @Test("malformed markup is repaired rather than refused")
    func malformed() throws {
        let summary = try HTMLDocument(string: "<h1>Open <b>bold<p>para</i></div><a href=x>link").summary()
        #expect(summary.headings.first?.text.hasPrefix("Open bold") == true)
        #expect(summary.links.first?.href == "x")
    }

    @Test("plain text without tags becomes a paragraph")
    func plainText() throws {
        #expect(try HTMLDocument(string: "just words").summary().text == "just words")
    }

    @Test("a node keeps its document alive after the document is dropped")
    func nodeOutlivesDocument() throws {
        var node: HTMLNode?
        do {
            let document = try HTMLDocument(string: "<html><body><a href='/x' class='c'>A</a></body></html>")
            node = document.root?.elements(named: "A").first
        }
        #expect(node?.attribute("HREF") == "/x")
        #expect(node?.textContent == "A")
        #expect(node?.name == "a")
        #expect(node?.children.first?.isText == true)
    }
}
