/// The one escaping path from data to markup.
///
/// It works on UTF-8 bytes, which is the same as working per Unicode scalar: every byte below 0x80 is a whole
/// scalar, and no byte of a multi-byte scalar is below 0x80. So a quote or `<` followed by a combining mark is
/// escaped like any other quote or `<` (a renderer that escapes per `Character` would see one grapheme and let
/// it through).
///
/// | scalar | written as | why |
/// |---|---|---|
/// | `&` | `&amp;` | starts a character reference |
/// | `<` `>` | `&lt;` `&gt;` | start and end tags |
/// | `"` `'` | `&quot;` `&#39;` | end a quoted attribute value |
/// | U+0000 | U+FFFD | parsers drop or replace NUL; this says so visibly |
/// | CR (U+000D) | `&#13;` | parsers turn a raw CR or CRLF into LF; the reference keeps it as typed |
///
/// The result is safe in text and in double- or single-quoted attribute values alike.
public enum HTMLEscaping {
    /// Appends `text`, escaped, to `bytes`.
    @inlinable
    public static func append(_ text: some StringProtocol, to bytes: inout [UInt8]) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { append(utf8: $0, to: &bytes) }
        if done == nil {
            var copy = String(text)
            copy.withUTF8 { append(utf8: $0, to: &bytes) }
        }
    }

    /// Appends the UTF-8 text in `utf8`, escaped, to `bytes`.
    @inlinable
    public static func append(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var runStart = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            // Every byte that needs a replacement is at most `>` (0x3E); most text is above it or plain.
            if byte <= 0x3E, let replacement = replacement(for: byte) {
                if runStart < index {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                }
                replacement.withUTF8Buffer { bytes.append(contentsOf: $0) }
                runStart = index + 1
            }
            index += 1
        }
        if runStart < count {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        }
    }

    /// `text`, escaped.
    public static func escape(_ text: some StringProtocol) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What replaces `byte`, or nil when it stands for itself.
    @usableFromInline
    static func replacement(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        case 0x00: "\u{FFFD}"
        case 0x0D: "&#13;"
        default: nil
        }
    }

    /// Appends the decimal digits of `number` (with a leading `-` when negative).
    @inlinable
    public static func appendDecimal<Number: BinaryInteger>(_ number: Number, to bytes: inout [UInt8]) {
        if let small = Int64(exactly: number) {
            appendDecimal(small, to: &bytes)
        } else {
            bytes.append(contentsOf: String(number).utf8)
        }
    }

    @usableFromInline
    static func appendDecimal(_ number: Int64, to bytes: inout [UInt8]) {
        if number == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var magnitude = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for the 19 digits of Int64.min
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            if number < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: buffer[(24 - count)..<24])
        }
    }
}
