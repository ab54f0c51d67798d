import HTTPTypes
import Hummingbird

extension Request {
    /// The value of the cookie `name`, found by scanning the `Cookie` header for that one name.
    ///
    /// Hummingbird's `request.cookies` parses every cookie into a dictionary each time it is read, which a page
    /// did four times (CSRF, flash twice, a session): a fifth of a signed-in page's CPU. Atelier's cookies are
    /// plain tokens (no quotes, no escapes), so finding one needs no more than this.
    public func cookie(_ name: String) -> String? {
        for field in headers where field.name == .cookie {
            var value = field.value
            if let found = value.withUTF8({ bytes in Self.cookie(name, in: bytes) }) { return found }
        }
        return nil
    }

    /// The value of the cookie `name` in one `Cookie` field's bytes (`a=1; b=2`), read straight from the bytes: the
    /// same scan through `Substring.UTF8View` cost a page more than its CSRF check.
    private static func cookie(_ name: String, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let key = Array(name.utf8)
        let semicolon = UInt8(ascii: ";")
        let equals = UInt8(ascii: "=")
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != semicolon { end += 1 }
            var first = start
            while first < end && isBlank(bytes[first]) { first += 1 }
            let valueStart = first + key.count + 1
            if valueStart <= end && bytes[valueStart - 1] == equals
                && key.indices.allSatisfy({ bytes[first + $0] == key[$0] })
            {
                var last = end
                while last > valueStart && isBlank(bytes[last - 1]) { last -= 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<last]), as: UTF8.self)
            }
            start = end + 1
        }
        return nil
    }
}
