import Downloader
import Foundation
import HTMLDocument

/// Builds the viewer of a downloaded file: its title, outline, links, readable text and escaped source.
///
/// Everything from the page becomes escaped text in the viewer's own page: no script, style, image or frame of the
/// page is ever put into the viewer's HTML.
enum DownloadViewer {
    /// The most source text shown; a longer file shows this much with a note.
    static let sourceLimit = 1_000_000
    /// The most outline entries shown; a note says how many more the page has.
    static let outlineLimit = 500
    /// The most links shown; a note says how many more the page has.
    static let linkLimit = 500
    /// The most readable text shown, in UTF-8 bytes; the whole text is at `/downloads/:id/text`.
    static let textLimit = 200_000

    /// The viewer for `item`, whose bytes are in `data`.
    static func view(of item: DownloadItem, data: Data) -> DownloadViewerView {
        let charset = item.contentType.flatMap(charset(in:))
        let shown = data.prefix(sourceLimit)
        let sourceNote =
            data.count > sourceLimit
            ? "Showing the first \(ByteCountText.format(Int64(sourceLimit))) of \(ByteCountText.format(Int64(data.count)))."
            : nil
        do {
            let document = try HTMLDocument(bytes: data, encoding: charset)
            let summary = document.summary()
            let looksLikeHTML = item.contentType.map(isHTMLType) ?? true
            return DownloadViewerView(
                id: item.id ?? 0,
                url: item.address,
                title: summary.title.isEmpty ? "Untitled page" : summary.title,
                message: looksLikeHTML
                    ? nil : "The server says this is not a web page (\(item.kindText ?? "File")); it is shown as one anyway.",
                headings: summary.headings.prefix(outlineLimit).map { .init(level: $0.level, text: $0.text) },
                outlineNote: note(shown: outlineLimit, of: summary.headings.count, "headings"),
                links: summary.links.prefix(linkLimit).map { .init(text: $0.text.isEmpty ? "(no text)" : $0.text, href: $0.href) },
                linksNote: note(shown: linkLimit, of: summary.links.count, "links"),
                text: prefix(summary.text, bytes: textLimit),
                textIsCut: summary.text.utf8.count > textLimit,
                source: HTMLSourceText.decode(shown, encoding: document.encoding ?? charset),
                sourceNote: sourceNote,
                encoding: document.encoding
            )
        } catch {
            let printable = error != .binary
            return DownloadViewerView(
                id: item.id ?? 0,
                url: item.address,
                title: "Nothing to show",
                message: error.description,
                headings: [],
                outlineNote: nil,
                links: [],
                linksNote: nil,
                text: "",
                textIsCut: false,
                source: printable ? HTMLSourceText.decode(shown, encoding: charset) : "",
                sourceNote: sourceNote,
                encoding: nil
            )
        }
    }

    /// The whole readable text of `item`'s bytes (the viewer shows its first ``textLimit`` bytes); empty when they
    /// are not a page.
    static func fullText(of item: DownloadItem, data: Data) -> String {
        let document = try? HTMLDocument(bytes: data, encoding: item.contentType.flatMap(charset(in:)))
        return document?.summary().text ?? ""
    }

    /// "Showing the first 500 of 18,790 headings.", or nil when all are shown.
    static func note(shown limit: Int, of count: Int, _ what: String) -> String? {
        guard count > limit else { return nil }
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.usesGroupingSeparator = true
        formatter.groupingSeparator = ","
        func number(_ value: Int) -> String { formatter.string(from: NSNumber(value: value)) ?? "\(value)" }
        return "Showing the first \(number(limit)) of \(number(count)) \(what)."
    }

    /// At most `bytes` UTF-8 bytes of `text`, cut before a whole Unicode scalar.
    static func prefix(_ text: String, bytes: Int) -> String {
        let utf8 = text.utf8
        guard utf8.count > bytes else { return text }
        var end = utf8.index(utf8.startIndex, offsetBy: bytes)
        while end > utf8.startIndex, !UTF8.isASCII(utf8[end]), utf8[end] & 0xC0 == 0x80 {
            end = utf8.index(before: end)
        }
        return String(decoding: utf8[utf8.startIndex..<end], as: UTF8.self)
    }

    /// The `charset` parameter of a `Content-Type` value.
    static func charset(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    private static func isHTMLType(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return type == "text/html" || type == "application/xhtml+xml" || type.hasPrefix("text/")
    }
}
