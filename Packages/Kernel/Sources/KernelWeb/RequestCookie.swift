import HTTPTypes
import Hummingbird

extension Request {
    /// The value of the cookie `name`, found by scanning the `Cookie` header for that one name.
    ///
    /// Hummingbird's `request.cookies` parses every cookie into a dictionary each time it is read, which a page
    /// did four times (CSRF, flash twice, a session): a fifth of a signed-in page's CPU. Atelier's cookies are
    /// plain tokens (no quotes, no escapes), so finding one needs no more than this.
    public func cookie(_ name: String) -> String? {
        for field in headers[values: .cookie] {
            var utf8 = field.utf8[...]
            while !utf8.isEmpty {
                let end = utf8.firstIndex(of: UInt8(ascii: ";")) ?? utf8.endIndex
                var pair = utf8[utf8.startIndex..<end]
                while pair.first == UInt8(ascii: " ") || pair.first == UInt8(ascii: "\t") { pair = pair.dropFirst() }
                if let equals = pair.firstIndex(of: UInt8(ascii: "=")), pair[pair.startIndex..<equals].elementsEqual(name.utf8) {
                    var value = pair[pair.index(after: equals)...]
                    while value.last == UInt8(ascii: " ") || value.last == UInt8(ascii: "\t") { value = value.dropLast() }
                    return String(decoding: value, as: UTF8.self)
                }
                utf8 = end == utf8.endIndex ? utf8[end...] : utf8[utf8.index(after: end)...]
            }
        }
        return nil
    }
}
