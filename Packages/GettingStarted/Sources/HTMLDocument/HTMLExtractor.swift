@preconcurrency import CLibXML2

/// Gathers a page's title, headings, links and readable text in one non-recursive pass over the tree.
struct HTMLExtractor {
    private var title: [UInt8]?
    private var headings: [HTMLHeading] = []
    private var links: [HTMLLink] = []
    private let text = CollapsedText(capacity: 4096)
    /// Reused for each heading's and link's text, so only the final `String` is allocated.
    private let scratch = CollapsedText()

    /// Visits every node under `root`.
    mutating func walk(_ root: xmlNodePtr) {
        HTMLTreeWalk.forEach(under: root) { node in
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content { text.append(content) }
                return false
            case XML_ELEMENT_NODE:
                return enter(node)
            default:
                return false
            }
        } leave: { node in
            switch HTMLElementKind.of(node.pointee.name) {
            case .block, .heading: text.breakLine()
            default: break
            }
        }
    }

    /// Handles an element; returns whether its children hold readable text to visit.
    private mutating func enter(_ node: xmlNodePtr) -> Bool {
        switch HTMLElementKind.of(node.pointee.name) {
        case .inline:
            return true
        case .block:
            text.breakLine()
            return true
        case .heading(let level):
            text.breakLine()
            headings.append(HTMLHeading(level: level, text: collapsedText(of: node)))
            return true
        case .link:
            if let href = HTMLBytes.attribute(node, named: Self.hrefName) {
                links.append(HTMLLink(text: collapsedText(of: node), href: trimmedValue(of: href)))
            }
            return true
        case .title:
            if title == nil {
                var bytes: [UInt8] = []
                HTMLBytes.appendText(of: node, to: &bytes)
                title = bytes
            }
            return false
        case .hidden:
            // A <title> inside <head> is still the title.
            if let titleNode = Self.title(in: node), title == nil {
                var bytes: [UInt8] = []
                HTMLBytes.appendText(of: titleNode, to: &bytes)
                title = bytes
            }
            return false
        }
    }

    /// The summary of everything visited.
    func finish() -> HTMLSummary {
        let titleText = CollapsedText()
        if let title { titleText.append(title) }
        return HTMLSummary(title: titleText.string, headings: headings, links: links, text: text.string)
    }

    private static func title(in node: xmlNodePtr) -> xmlNodePtr? {
        guard HTMLBytes.equalsLowercased(node.pointee.name, headName) else { return nil }
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, HTMLBytes.equalsLowercased(current.pointee.name, titleName) {
                return current
            }
            child = current.pointee.next
        }
        return nil
    }

    private static let hrefName = Array("href".utf8)
    private static let headName = Array("head".utf8)
    private static let titleName = Array("title".utf8)

    /// The text under `node`, whitespace collapsed.
    private func collapsedText(of node: xmlNodePtr) -> String {
        scratch.removeAll()
        HTMLBytes.appendText(of: node, to: scratch)
        return scratch.string
    }

    /// The value of `attribute`, whitespace collapsed.
    private func trimmedValue(of attribute: xmlAttrPtr) -> String {
        scratch.removeAll()
        var child = attribute.pointee.children
        while let text = child {
            HTMLBytes.appendText(of: text, to: scratch)
            child = text.pointee.next
        }
        return scratch.string
    }
}
