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
                url: item.url,
                title: summary.title.isEmpty ? "Untitled page" : summary.title,
                message: looksLikeHTML
                    ? nil : "The server called this \(item.contentType ?? "file"), not HTML; it is shown as HTML anyway.",
                headings: summary.headings.map { .init(level: $0.level, text: $0.text) },
                links: summary.links.map { .init(text: $0.text.isEmpty ? "(no text)" : $0.text, href: $0.href) },
                text: summary.text,
                source: HTMLSourceText.decode(shown, encoding: document.encoding ?? charset),
                sourceNote: sourceNote,
                encoding: document.encoding
            )
        } catch {
            let printable = error != .binary
            return DownloadViewerView(
                id: item.id ?? 0,
                url: item.url,
                title: "Nothing to show",
                message: error.description,
                headings: [],
                links: [],
                text: "",
                source: printable ? HTMLSourceText.decode(shown, encoding: charset) : "",
                sourceNote: sourceNote,
                encoding: nil
            )
        }
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
