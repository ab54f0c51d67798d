@preconcurrency import CLibXML2

/// One node of an ``HTMLDocument``: an element, or a run of text.
///
/// A node holds a strong reference to its document, so the libxml2 tree it points into stays alive for as long as
/// the node is used, even after the caller has dropped the document.
public struct HTMLNode {
    /// The document this node belongs to; keeping it here keeps the tree alive.
    public let document: HTMLDocument
    let pointer: xmlNodePtr

    init(document: HTMLDocument, pointer: xmlNodePtr) {
        self.document = document
        self.pointer = pointer
    }

    /// Whether the node is an element (rather than text, a comment or something else).
    public var isElement: Bool { pointer.pointee.type == XML_ELEMENT_NODE }

    /// Whether the node is text.
    public var isText: Bool { pointer.pointee.type == XML_TEXT_NODE || pointer.pointee.type == XML_CDATA_SECTION_NODE }

    /// The element's tag name in lower case (`a`, `h1`), or `#text`, `#comment` and the like for other nodes.
    public var name: String {
        switch pointer.pointee.type {
        case XML_ELEMENT_NODE: pointer.pointee.name.map { String(cString: $0) } ?? ""
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: "#text"
        case XML_COMMENT_NODE: "#comment"
        default: "#other"
        }
    }

    /// The value of the attribute `name` (matched without regard to case), or nil when the element has none.
    public func attribute(_ name: String) -> String? {
        guard isElement else { return nil }
        return Self.rawAttribute(pointer, name.lowercased())
    }

    /// The child nodes, in document order.
    public var children: [HTMLNode] {
        var result: [HTMLNode] = []
        var child = pointer.pointee.children
        while let current = child {
            result.append(HTMLNode(document: document, pointer: current))
            child = current.pointee.next
        }
        return result
    }

    /// All the text inside the node, as written (whitespace kept).
    public var textContent: String {
        var bytes: [UInt8] = []
        HTMLBytes.appendText(of: pointer, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The elements named `name` inside this node (the node itself included), in document order.
    public func elements(named name: String) -> [HTMLNode] {
        let wanted = Array(name.lowercased().utf8)
        var result: [HTMLNode] = []
        HTMLTreeWalk.forEach(under: pointer) { node in
            if node.pointee.type == XML_ELEMENT_NODE, let nodeName = node.pointee.name,
                HTMLBytes.equalsLowercased(nodeName, wanted)
            {
                result.append(HTMLNode(document: document, pointer: node))
            }
            return true
        }
        return result
    }
}

extension HTMLNode {
    /// The value of attribute `name` (lower case) of the element `node`, without wrapping the node.
    static func rawAttribute(_ node: xmlNodePtr, _ name: String) -> String? {
        guard let attribute = HTMLBytes.attribute(node, named: Array(name.utf8)) else { return nil }
        var bytes: [UInt8] = []
        var child = attribute.pointee.children
        while let text = child {
            HTMLBytes.appendText(of: text, to: &bytes)
            child = text.pointee.next
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
