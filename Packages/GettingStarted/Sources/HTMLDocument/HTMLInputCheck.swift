/// Quick checks run on raw bytes before they reach libxml2.
enum HTMLInputCheck {
    /// How many leading bytes are inspected for signs of binary data.
    static let sniffLength = 8192

    /// Refuses empty, blank and binary input with the matching error; returns normally for anything else.
    static func validate(_ bytes: UnsafeRawBufferPointer) throws(HTMLParseError) {
        guard !bytes.isEmpty else { throw .empty }
        if hasUTF16ByteOrderMark(bytes) { return }
        var blank = true
        var controls = 0
        let sniffed = bytes.prefix(sniffLength)
        for byte in sniffed {
            switch byte {
            case 0: throw .binary
            case 0x09, 0x0A, 0x0C, 0x0D, 0x20: continue
            case 0x01...0x08, 0x0E...0x1F, 0x7F: controls += 1
            default: break
            }
            blank = false
        }
        // Text has few control characters; compressed or image data has many.
        if controls * 10 > sniffed.count { throw .binary }
        if blank {
            for byte in bytes.dropFirst(sniffLength) where !isBlank(byte) { return }
            throw .whitespaceOnly
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D || byte == 0x20
    }

    /// UTF-16 text holds zero bytes, so it is recognised by its byte order mark before the binary check.
    private static func hasUTF16ByteOrderMark(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 2 else { return false }
        return (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)
    }
}
