import Foundation

/// Turns a page's raw bytes into text for showing its source, in the charset the page was read in.
public enum HTMLSourceText {
    /// `bytes` as text: UTF-8 when they are valid UTF-8, otherwise in `encoding` (a charset name such as libxml2
    /// reports in ``HTMLDocument/encoding``), falling back to Latin-1, which can show any bytes.
    public static func decode(_ bytes: some Collection<UInt8>, encoding: String?) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let data = Data(bytes)
        if let encoding = encoding.flatMap(foundationEncoding), let text = String(data: data, encoding: encoding) {
            return text
        }
        return String(data: data, encoding: .isoLatin1) ?? String(decoding: bytes, as: UTF8.self)
    }

    private static func foundationEncoding(_ name: String) -> String.Encoding? {
        switch name.lowercased().replacingOccurrences(of: "_", with: "-") {
        case "utf-8", "utf8": .utf8
        case "iso-8859-1", "latin1", "iso8859-1": .isoLatin1
        case "windows-1252", "cp1252": .windowsCP1252
        case "iso-8859-2", "latin2": .isoLatin2
        case "windows-1250": .windowsCP1250
        case "windows-1251": .windowsCP1251
        case "shift-jis", "sjis", "shift-jisx0213", "windows-31j": .shiftJIS
        case "euc-jp": .japaneseEUC
        case "iso-2022-jp": .iso2022JP
        case "utf-16", "utf-16le": .utf16LittleEndian
        case "utf-16be": .utf16BigEndian
        case "us-ascii", "ascii": .ascii
        default: nil
        }
    }
}
