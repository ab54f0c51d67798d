/// UTF-8 text built with HTML's whitespace rules: runs of spaces become one space, line breaks come only from
/// block elements, and no line starts or ends with a space.
struct CollapsedText {
    private var bytes: [UInt8] = []
    private var pendingSpace = false
    private var pendingBreak = false

    /// Appends the zero-terminated text `content`.
    mutating func append(_ content: UnsafePointer<UInt8>) {
        var index = 0
        while content[index] != 0 {
            add(content[index])
            index += 1
        }
    }

    /// Appends `content`.
    mutating func append(_ content: [UInt8]) {
        for byte in content { add(byte) }
    }

    /// Ends the current line, if it holds anything.
    mutating func breakLine() {
        if !bytes.isEmpty { pendingBreak = true }
    }

    /// The text so far.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    @inline(__always)
    private mutating func add(_ byte: UInt8) {
        if HTMLBytes.isSpace(byte) {
            pendingSpace = true
            return
        }
        if pendingBreak {
            bytes.append(0x0A)
        } else if pendingSpace && !bytes.isEmpty {
            bytes.append(0x20)
        }
        pendingBreak = false
        pendingSpace = false
        bytes.append(byte)
    }
}
