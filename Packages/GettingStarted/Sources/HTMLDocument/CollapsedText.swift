#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// UTF-8 text built with HTML's whitespace rules: runs of spaces become one space, line breaks come only from
/// block elements, and no line starts or ends with a space.
///
/// Each piece of text is collapsed straight into the buffer in one pass: room for the whole piece is made first
/// (collapsing never makes text longer, apart from the one separator before it), so no byte needs its own append.
/// The buffer is owned by the instance, which is why this is a class rather than a value.
final class CollapsedText {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    private var pendingSpace = false
    private var pendingBreak = false

    /// An empty text with room for `capacity` bytes before it grows.
    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Appends the zero-terminated text `content`.
    func append(_ content: UnsafePointer<UInt8>) {
        let length = UnsafeRawPointer(content).withMemoryRebound(to: CChar.self, capacity: 1) { strlen($0) }
        append(UnsafeBufferPointer(start: content, count: length))
    }

    /// Appends `content`.
    func append(_ content: [UInt8]) {
        content.withUnsafeBufferPointer { append($0) }
    }

    /// Appends `content`; zero bytes in it are kept, as any other byte that is not a space.
    func append(_ content: UnsafeBufferPointer<UInt8>) {
        guard let source = content.baseAddress, !content.isEmpty else { return }
        // At most one separator, then at most every byte of `content`.
        reserve(content.count + 1)
        var written = count
        var space = pendingSpace
        var lineBreak = pendingBreak
        let output = base
        let end = content.count
        var index = 0
        while index < end {
            var byte = source[index]
            if HTMLBytes.isSpace(byte) {
                space = true
                index &+= 1
                continue
            }
            if lineBreak {
                output[written] = 0x0A
                written &+= 1
            } else if space && written != 0 {
                output[written] = 0x20
                written &+= 1
            }
            lineBreak = false
            space = false
            // Copy the word that starts here.
            while true {
                output[written] = byte
                written &+= 1
                index &+= 1
                guard index < end else { break }
                byte = source[index]
                if HTMLBytes.isSpace(byte) { break }
            }
        }
        count = written
        pendingSpace = space
        pendingBreak = lineBreak
    }

    /// Ends the current line, if it holds anything.
    func breakLine() {
        if count != 0 { pendingBreak = true }
    }

    /// Empties the text, keeping its storage for reuse.
    func removeAll() {
        count = 0
        pendingSpace = false
        pendingBreak = false
    }

    /// The text so far.
    var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Makes room for `extra` more bytes, at least doubling the storage when it grows.
    private func reserve(_ extra: Int) {
        let needed = count + extra
        guard needed > capacity else { return }
        let newCapacity = max(capacity * 2, needed)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
