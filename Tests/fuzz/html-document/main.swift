// Fuzz target: the HTML document wrapper, as the download viewer uses it, on arbitrary bytes and encodings.
//
// The first byte picks the encoding the caller passes (none, as when the server sent no charset, or one of several
// real and bogus names); the rest are the page. The page is refused with a sentence, or it parses and every
// extraction the viewer makes runs: the summary (title, outline, links, readable text), the escaped source text in
// the document's encoding, and a walk of the whole tree reading names, attributes and text. What comes out is
// collapsed text: headings have a level from 1 to 6, and no title, heading or link text starts or ends with a space
// or holds a line break.
import Foundation

let encodings: [String?] = [nil, "utf-8", "UTF-16", "utf-16le", "iso-8859-1", "windows-1252", "shift_jis", "x-no-such-charset", ""]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let encoding = encodings[Int(data[0]) % encodings.count]
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    do {
        let document = try HTMLDocument(bytes: bytes, encoding: encoding)
        let summary = document.summary()
        checkCollapsed(summary.title, "title")
        for heading in summary.headings {
            guard (1...6).contains(heading.level) else { fatalError("heading level \(heading.level)") }
            checkCollapsed(heading.text, "heading")
        }
        for link in summary.links {
            checkCollapsed(link.text, "link text")
        }
        _ = HTMLSourceText.decode(bytes, encoding: document.encoding ?? encoding)
        if let root = document.root {
            var visited = 0
            walk(root, depth: 0, visited: &visited)
        }
    } catch {
        guard error.description.hasSuffix(".") else { fatalError("message \(error.description.debugDescription)") }
        if error != .binary {
            _ = HTMLSourceText.decode(bytes, encoding: encoding)
        }
    }
    return 0
}

func checkCollapsed(_ text: String, _ what: String) {
    guard text.first != " ", text.last != " ", !text.contains("\n") else {
        fatalError("\(what) not collapsed: \(text.debugDescription)")
    }
}

func walk(_ node: HTMLNode, depth: Int, visited: inout Int) {
    visited += 1
    guard visited < 200_000 else { return }
    if node.isElement {
        _ = node.name
        _ = node.attribute("href")
        _ = node.attribute("id")
    } else if node.isText {
        _ = node.textContent
    }
    for child in node.children {
        walk(child, depth: depth + 1, visited: &visited)
    }
}
