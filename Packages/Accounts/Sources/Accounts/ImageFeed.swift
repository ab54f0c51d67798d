import Foundation

/// Reads the two public image-list formats the grid accepts, whichever the body is:
/// - Flickr's public photo feed: `{"items": [{"title", "link", "media": {"m"}}]}`, whose `\'` escapes (not JSON)
///   are read as `'`;
/// - the Picsum list: `[{"id", "author", "width", "height", "url", "download_url"}]`.
///
/// Only `http` and `https` addresses are kept; an item without one is skipped. At most ``limit`` items.
public enum ImageFeed {
    /// The most images one grid holds.
    public static let limit = 200

    /// Why a body could not be read.
    public struct DecodingFailure: Error, Sendable, Hashable, CustomStringConvertible {
        public let description: String
    }

    /// The images in `data`.
    public static func decode(_ data: Data) throws(DecodingFailure) -> [ImageItem] {
        let cleaned = withoutQuoteEscapes(data)
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: cleaned)
        } catch {
            throw DecodingFailure(description: "The image list is not JSON.")
        }
        if let list = json as? [Any] { return picsum(list) }
        if let object = json as? [String: Any], let items = object["items"] as? [Any] { return flickr(items) }
        throw DecodingFailure(description: "The image list is in neither Flickr’s nor Picsum’s format.")
    }

    private static func flickr(_ items: [Any]) -> [ImageItem] {
        items.lazy.compactMap { item -> ImageItem? in
            guard let item = item as? [String: Any], let media = item["media"] as? [String: Any],
                let url = web(media["m"] as? String)
            else { return nil }
            let title = (item["title"] as? String).map(TextField.trimmed) ?? ""
            return ImageItem(url: url, title: title.isEmpty ? "Untitled photo" : title, link: web(item["link"] as? String))
        }.prefix(limit).map { $0 }
    }

    private static func picsum(_ list: [Any]) -> [ImageItem] {
        list.lazy.compactMap { item -> ImageItem? in
            guard let item = item as? [String: Any], let url = web(item["download_url"] as? String) else { return nil }
            let author = (item["author"] as? String).map(TextField.trimmed) ?? ""
            return ImageItem(url: url, title: author.isEmpty ? "Photo" : "Photo by \(author)", link: web(item["url"] as? String))
        }.prefix(limit).map { $0 }
    }

    /// `text` when it is an absolute http or https address, else `nil`.
    static func web(_ text: String?) -> String? {
        guard let text, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return text
    }

    /// `data` with every `\'` (an escape JSON does not have, which Flickr's feed writes) turned into `'`; other
    /// escapes, `\\'` among them, are left as they are.
    static func withoutQuoteEscapes(_ data: Data) -> Data {
        guard data.contains(UInt8(ascii: "'")) else { return data }
        var out = Data()
        out.reserveCapacity(data.count)
        var escaped = false
        for byte in data {
            if escaped {
                if byte != UInt8(ascii: "'") { out.append(UInt8(ascii: "\\")) }
                out.append(byte)
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        if escaped { out.append(UInt8(ascii: "\\")) }
        return out
    }
}
