// Fuzz target: the HTML writer's escaping, round-tripped through libxml2's HTML parser.
//
// The input bytes, read as UTF-8 (invalid sequences become U+FFFD, as a form decoder would), are written into a
// page twice, as an attribute value and as text, with the writer's own interpolation. The page is parsed, and both
// must read back as the input. The parser must also find exactly one element with exactly one attribute inside
// <body>: a value that closed the attribute or opened a tag would add some.
import CLibXML2
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let page: HTML = "<!doctype html><html><head><title>t</title></head><body><p title=\"\(input)\">\(input)</p></body></html>"
    let expected = comparable(input)

    page.bytes.withUnsafeBufferPointer { bytes in
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue
        )
        guard
            let document = bytes.baseAddress!.withMemoryRebound(
                to: CChar.self,
                capacity: bytes.count,
                { base in
                    htmlReadMemory(base, Int32(bytes.count), "fuzz.html", "UTF-8", options)
                }
            )
        else { fatalError("libxml2 could not parse the page") }
        defer { xmlFreeDoc(document) }
        guard let body = findBody(xmlDocGetRootElement(document)) else { fatalError("no body") }
        var elements: [UnsafeMutablePointer<xmlNode>] = []
        var child = body.pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE { elements.append(node) }
            child = node.pointee.next
        }
        guard elements.count == 1, name(elements[0]) == "p" else {
            fatalError("body should hold exactly one <p>, holds \(elements.map(name))")
        }
        let paragraph = elements[0]
        var attributes: [String] = []
        var attribute = paragraph.pointee.properties
        while let current = attribute {
            attributes.append(String(cString: current.pointee.name))
            attribute = current.pointee.next
        }
        guard attributes == ["title"] else { fatalError("attributes \(attributes) instead of [title]") }
        let title = string(xmlGetProp(paragraph, "title"))
        let text = string(xmlNodeGetContent(paragraph))
        var grandchild = paragraph.pointee.children
        while let node = grandchild {
            if node.pointee.type == XML_ELEMENT_NODE { fatalError("an element inside <p>: \(name(node))") }
            grandchild = node.pointee.next
        }
        guard comparable(title) == expected else {
            fatalError("attribute read back as \(title.debugDescription), typed \(input.debugDescription)")
        }
        guard comparable(text) == expected else {
            fatalError("text read back as \(text.debugDescription), typed \(input.debugDescription)")
        }
    }
    return 0
}

/// What both sides are compared as. libxml2 (not an HTML5 parser) drops the C0 controls and the non-characters
/// that XML forbids, and reads U+FFFD where the writer wrote it for NUL; none of that is the writer's doing.
func comparable(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        let value = scalar.value
        if value == 0 {
            scalars.append("\u{FFFD}")
            continue
        }
        if value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D { continue }
        if value == 0xFFFE || value == 0xFFFF { continue }
        scalars.append(scalar)
    }
    return String(scalars)
}

func findBody(_ node: UnsafeMutablePointer<xmlNode>?) -> UnsafeMutablePointer<xmlNode>? {
    var child = node?.pointee.children
    while let current = child {
        if current.pointee.type == XML_ELEMENT_NODE && name(current) == "body" { return current }
        child = current.pointee.next
    }
    return nil
}

func name(_ node: UnsafeMutablePointer<xmlNode>) -> String {
    String(cString: node.pointee.name)
}

func string(_ value: UnsafeMutablePointer<xmlChar>?) -> String {
    guard let value else { return "" }
    defer { xmlFree(value) }
    return String(cString: value)
}
