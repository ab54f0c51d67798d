@preconcurrency import CLibXML2

/// A parsed HTML page: owns the libxml2 document built from the bytes and frees it when the last reference (the
/// document itself or any of its ``HTMLNode``s) goes away.
///
/// Parsing uses `htmlReadMemory` with RECOVER, NOERROR, NOWARNING and NONET: malformed markup is repaired rather than
/// refused, nothing is printed, and nothing is ever fetched from the network. The page's declared charset (a byte
/// order mark, `<meta charset>` or `<meta http-equiv>`) is honoured unless the caller passes an encoding, such as
/// the charset from an HTTP `Content-Type` header.
///
/// A document is not `Sendable`: use it on one task, and hand other tasks the value types it produces, such as
/// ``HTMLSummary``.
public final class HTMLDocument {
    /// The libxml2 parser options every document is parsed with.
    static let parseOptions = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue
    )

    let pointer: htmlDocPtr

    /// Parses `bytes` as HTML.
    ///
    /// - Parameters:
    ///   - bytes: the page as it was received.
    ///   - encoding: the charset to read the bytes in (an IANA name such as `windows-1252`), or nil to use the
    ///     charset the page declares.
    /// - Throws: ``HTMLParseError`` for empty, blank or binary input, or when no document could be built.
    public convenience init(bytes: some Collection<UInt8>, encoding: String? = nil) throws(HTMLParseError) {
        let parsed: Result<htmlDocPtr, HTMLParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Self.parse(UnsafeRawBufferPointer(buffer), encoding: encoding)
        }
        switch parsed ?? Array(bytes).withUnsafeBytes({ Self.parse($0, encoding: encoding) }) {
        case .success(let pointer): self.init(pointer: pointer)
        case .failure(let error): throw error
        }
    }

    /// Parses `text` as HTML.
    public convenience init(string text: String) throws(HTMLParseError) {
        try self.init(bytes: Array(text.utf8), encoding: "UTF-8")
    }

    private init(pointer: htmlDocPtr) {
        self.pointer = pointer
    }

    deinit {
        xmlFreeDoc(pointer)
    }

    /// The charset the document was read in, as libxml2 names it (for example `UTF-8` or `windows-1252`), when known.
    public var encoding: String? {
        pointer.pointee.encoding.map { String(cString: $0) }
    }

    /// The root element (`<html>`), or nil when the document has none.
    public var root: HTMLNode? {
        xmlDocGetRootElement(pointer).map { HTMLNode(document: self, pointer: $0) }
    }

    /// The page's title, headings, links and readable text, gathered in one pass over the document.
    public func summary() -> HTMLSummary {
        var extractor = HTMLExtractor()
        if let root = xmlDocGetRootElement(pointer) { extractor.walk(root) }
        return extractor.finish()
    }

    private static func parse(_ buffer: UnsafeRawBufferPointer, encoding: String?) -> Result<htmlDocPtr, HTMLParseError> {
        do throws(HTMLParseError) {
            try HTMLInputCheck.validate(buffer)
        } catch {
            return .failure(error)
        }
        guard let base = buffer.baseAddress, buffer.count <= Int(Int32.max) else { return .failure(.unreadable) }
        LibXML2Setup.ensure()
        let document = base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
            htmlReadMemory(characters, Int32(buffer.count), nil, encoding, parseOptions)
        }
        guard let document else { return .failure(.unreadable) }
        guard xmlDocGetRootElement(document) != nil else {
            xmlFreeDoc(document)
            return .failure(.unreadable)
        }
        return .success(document)
    }
}
