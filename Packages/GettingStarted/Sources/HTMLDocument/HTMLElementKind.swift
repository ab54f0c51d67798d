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

    /// The kinds of the names that are not inline, in an open-addressed table keyed by the packed name: finding a
    /// kind is one multiply and usually one comparison, where a `Dictionary` would hash the key with SipHash.
    private static let table = KindTable(
        [
            (
                [
                    "address", "article", "aside", "br", "dd", "details", "div", "dl", "dt", "fieldset",
                    "figure", "footer", "form", "header", "hr", "li", "main", "nav", "ol", "p", "pre",
                    "section", "summary", "table", "td", "th", "tr", "ul", "caption", "body",
                ], .block
            ),
            (["script", "style", "noscript", "template", "head", "iframe", "object", "svg", "math", "select"], .hidden),
            (["h1"], .heading(1)), (["h2"], .heading(2)), (["h3"], .heading(3)),
            (["h4"], .heading(4)), (["h5"], .heading(5)), (["h6"], .heading(6)),
            (["a"], .link), (["title"], .title),
        ]
    )

    /// The kind of the element named `name` (a lower-case C string, as libxml2's HTML parser stores it).
    ///
    /// Names are packed, lower-cased, into a `UInt64`, one byte per 8 bits; the only longer names that are not
    /// inline, `blockquote` and `figcaption`, are compared in full.
    static func of(_ name: UnsafePointer<xmlChar>?) -> HTMLElementKind {
        guard let name else { return .inline }
        var key: UInt64 = 0
        var index = 0
        while name[index] != 0 {
            guard index < 8 else { return longNameKind(name) }
            key |= UInt64(HTMLBytes.lower(name[index])) << (8 * UInt64(index))
            index += 1
        }
        return table.kind(key)
    }

    private static let longBlocks = [Array("blockquote".utf8), Array("figcaption".utf8)]

    private static func longNameKind(_ name: UnsafePointer<xmlChar>) -> HTMLElementKind {
        for candidate in longBlocks where HTMLBytes.equalsLowercased(name, candidate) { return .block }
        return .inline
    }

    /// `name` packed as ``of(_:)`` packs names; bytes past the eighth fall off the end of the key.
    fileprivate static func pack(_ name: String) -> UInt64 {
        var key: UInt64 = 0
        for (index, byte) in name.utf8.enumerated() { key |= UInt64(byte) << (8 * UInt64(index)) }
        return key
    }
}

/// A fixed open-addressed hash table from packed names to kinds, with linear probing; key 0 marks a free slot.
private struct KindTable: Sendable {
    private static let slotBits = 7
    private static let mask = (1 << slotBits) - 1
    private var slots = [(key: UInt64, kind: HTMLElementKind)](repeating: (0, .inline), count: 1 << slotBits)

    init(_ groups: [([String], HTMLElementKind)]) {
        for (names, kind) in groups {
            for name in names {
                let key = HTMLElementKind.pack(name)
                var slot = Self.slot(key)
                while slots[slot].key != 0 && slots[slot].key != key { slot = (slot + 1) & Self.mask }
                slots[slot] = (key, kind)
            }
        }
    }

    /// The kind stored for `key`, or `.inline`.
    @inline(__always)
    func kind(_ key: UInt64) -> HTMLElementKind {
        guard key != 0 else { return .inline }
        var slot = Self.slot(key)
        while true {
            let entry = slots[slot]
            if entry.key == key { return entry.kind }
            if entry.key == 0 { return .inline }
            slot = (slot + 1) & Self.mask
        }
    }

    @inline(__always)
    private static func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - slotBits))
    }
}
