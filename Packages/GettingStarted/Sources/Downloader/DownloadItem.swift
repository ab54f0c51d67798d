import Foundation
import GRDB
import KernelStorage

/// One download as stored in `downloads_item`: what was asked for, how far it got, and how it ended.
public struct DownloadItem: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "downloads_item"

    /// The row's identifier, nil before it is stored.
    public var id: Int64?
    /// The address that was asked for.
    public var url: String
    /// The address the bytes came from after redirects, once known; resumes go there.
    public var finalURL: String?
    /// Where the download stands.
    public var state: DownloadState
    /// How many bytes are on disk.
    public var receivedBytes: Int64
    /// The full size, when the server said.
    public var totalBytes: Int64?
    /// The response's `Content-Type`, when known.
    public var contentType: String?
    /// The response's `ETag` or `Last-Modified`, used as `If-Range` when resuming.
    public var validator: String?
    /// Why the download failed, in words (for ``DownloadState/failed``).
    public var failure: String?
    /// When the download was started.
    public var createdAt: Date
    /// When the row last changed.
    public var updatedAt: Date
    /// Whose download it is.
    public var person: PersonID

    /// A new, queued download of `url`, for `person`.
    public init(url: String, now: Date = Date(), person: PersonID = .local) {
        self.url = url
        self.person = person
        state = .queued
        receivedBytes = 0
        createdAt = now
        updatedAt = now
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The received share of the total, from 0 to 1, when the total is known.
    public var fraction: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(1, Double(receivedBytes) / Double(totalBytes))
    }

    /// "1.2 MB of 3.4 MB", or "1.2 MB" when the total is unknown.
    public var progressText: String {
        let received = ByteCountText.format(receivedBytes)
        guard let totalBytes else { return received }
        return "\(received) of \(ByteCountText.format(totalBytes))"
    }

    /// Where the download came from in the end (after redirects, once known), else the address asked for: the one
    /// address the list, the viewer and every message show.
    public var address: String { finalURL ?? url }

    /// The address as a sentence quotes it: readable (percent-escapes decoded), without its scheme, and shortened in
    /// the middle when long (`example.com/…/page.html`), so that it reads whole on a phone.
    public var shortAddress: String {
        var text = address.removingPercentEncoding ?? address
        for scheme in ["https://", "http://"] where text.lowercased().hasPrefix(scheme) { text.removeFirst(scheme.count) }
        if text.hasSuffix("/") && text.filter({ $0 == "/" }).count == 1 { text.removeLast() }
        guard text.count > 40, let slash = text.firstIndex(of: "/") else { return text }
        let host = text[..<slash]
        let last = text.split(separator: "/").last.map(String.init) ?? ""
        let end = last.count > 24 ? String(last.prefix(23)) + "…" : last
        return "\(host)/…/\(end)"
    }

    /// What kind of file the server says it is, in words (`Web page`, `PDF`, `Text`), for a person rather than its media
    /// type; nil before the server has said.
    public var kindText: String? {
        guard let contentType else { return nil }
        let essence = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch essence {
        case "text/html", "application/xhtml+xml": return "Web page"
        case "text/plain": return "Text"
        case "application/pdf": return "PDF"
        case "application/json": return "JSON data"
        case "text/css": return "Style sheet"
        case "text/javascript", "application/javascript": return "Script"
        case let type where type.hasPrefix("image/"): return "Image"
        case let type where type.hasPrefix("video/"): return "Video"
        case let type where type.hasPrefix("audio/"): return "Audio"
        default: return "File"
        }
    }

    /// The download's host, for the per-server limit.
    public var host: String {
        URL(string: address)?.host?.lowercased() ?? ""
    }
}
