/// The rule for URLs written into `href`, `src` and `action`: `http`, `https`, or relative.
///
/// A URL with any other scheme (`javascript:`, `data:`, `vbscript:`, `file:` …) is refused, in every spelling a
/// browser would still read as that scheme: upper case, leading spaces or control characters, and tabs or line
/// breaks inside the scheme (browsers drop those before parsing).
public enum HTMLURL {
    /// What a refused URL is replaced with: an address that goes nowhere and runs nothing.
    public static let refused = "about:invalid#refused"

    /// Whether `url` may be written into a URL attribute.
    public static func isAllowed(_ url: String) -> Bool {
        var scheme: [UInt8] = []
        var started = false
        for byte in url.utf8 {
            // What a browser strips before it parses: leading C0 controls and spaces, and tab, LF, CR anywhere.
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            if !started && byte <= 0x20 { continue }
            started = true
            switch byte {
            case UInt8(ascii: ":"):
                let name = String(decoding: scheme, as: UTF8.self).lowercased()
                return name == "http" || name == "https"
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                scheme.append(byte)
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                // Allowed after the first letter of a scheme; a URL starting with one is a relative path.
                if scheme.isEmpty { return true }
                scheme.append(byte)
            default:
                // `/`, `?`, `#` or anything else before a colon: a relative reference, no scheme.
                return true
            }
        }
        return true
    }
}
