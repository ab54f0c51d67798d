@preconcurrency import CLibXML2

/// How the extractor treats an element, found from its tag name without building a `String`.
enum HTMLElementKind {
    /// Ordinary inline content.
    case inline
    /// Starts and ends a line of readable text (`p`, `div`, `li`…).
    case block
    /// A heading, with its level.
    case heading(Int)
    /// A link.
    case link
    /// The page title.
    case title
    /// Content that is never shown as text (`script`, `style`, `template`…).
    case hidden

    private static let table: [UInt64: HTMLElementKind] = {
        var table: [UInt64: HTMLElementKind] = [:]
        let blocks = [
            "address", "article", "aside", "blockquote", "br", "dd", "details", "div", "dl", "dt", "fieldset",
            "figcaption", "figure", "footer", "form", "header", "hr", "li", "main", "nav", "ol", "p", "pre",
            "section", "summary", "table", "td", "th", "tr", "ul", "caption", "body",
        ]
        for name in blocks { table[pack(name)] = .block }
        for name in ["script", "style", "noscript", "template", "head", "iframe", "object", "svg", "math", "select"] {
            table[pack(name)] = .hidden
        }
        for level in 1...6 { table[pack("h\(level)")] = .heading(level) }
        table[pack("a")] = .link
        table[pack("title")] = .title
        return table
    }()

    /// The kind of the element named `name` (a lower-case C string, as libxml2's HTML parser stores it).
    static func of(_ name: UnsafePointer<xmlChar>?) -> HTMLElementKind {
        guard let name else { return .inline }
        var key: UInt64 = 0
        var index = 0
        while name[index] != 0 {
            guard index < 8 else { return .inline }
            key |= UInt64(HTMLBytes.lower(name[index])) << (8 * UInt64(index))
            index += 1
        }
        return table[key] ?? .inline
    }

    private static func pack(_ name: String) -> UInt64 {
        var key: UInt64 = 0
        for (index, byte) in name.utf8.enumerated() { key |= UInt64(byte) << (8 * UInt64(index)) }
        return key
    }
}
