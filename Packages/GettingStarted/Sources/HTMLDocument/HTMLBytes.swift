@preconcurrency import CLibXML2

/// Byte-level helpers over libxml2's UTF-8 strings, kept free of `String` allocations for speed.
enum HTMLBytes {
    /// Whether the C string `name` equals `wanted` (already lower case), ignoring ASCII case in `name`.
    static func equalsLowercased(_ name: UnsafePointer<xmlChar>, _ wanted: [UInt8]) -> Bool {
        var index = 0
        while name[index] != 0 {
            guard index < wanted.count, lower(name[index]) == wanted[index] else { return false }
            index += 1
        }
        return index == wanted.count
    }

    /// `byte` in ASCII lower case.
    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Whether `byte` is HTML whitespace.
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        // One bit per space byte: 0x09, 0x0A, 0x0C, 0x0D and 0x20.
        byte <= 0x20 && (UInt64(0x1_0000_3600) >> UInt64(byte)) & 1 != 0
    }

    /// Appends every text byte under `node` (the node itself included), as written.
    static func appendText(of node: xmlNodePtr, to bytes: inout [UInt8]) {
        HTMLTreeWalk.forEach(under: node) { current in
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
                }
                return false
            default:
                return true
            }
        }
    }

    /// Appends the text under `node` (the node itself included) to `text`, whitespace collapsed.
    static func appendText(of node: xmlNodePtr, to text: CollapsedText) {
        HTMLTreeWalk.forEach(under: node) { current in
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { text.append(content) }
                return false
            default:
                return true
            }
        }
    }

    /// The attribute of the element `node` named `name` (lower case, matched without regard to case), if any.
    static func attribute(_ node: xmlNodePtr, named name: [UInt8]) -> xmlAttrPtr? {
        var attribute = node.pointee.properties
        while let current = attribute {
            if let attributeName = current.pointee.name, equalsLowercased(attributeName, name) { return current }
            attribute = current.pointee.next
        }
        return nil
    }
}
