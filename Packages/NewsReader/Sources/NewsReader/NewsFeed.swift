import Foundation

/// The feed's format, `{"headlines":[{"headline": String, "updated": Int, "introduction": String}]}`, and how it is
/// read. Fields the reader does not use, in a story or at the top level, are ignored.
public enum NewsFeed {
    /// The largest feed read: 5 MB. A bigger body is refused while it arrives, and the last good headlines stay.
    public static let maxBytes = 5 * 1_048_576

    /// The stories of a feed body, newest first, each with its ``HeadlineID``.
    ///
    /// - Throws: the ``FeedError`` saying what is wrong with the body.
    public static func decode(_ body: Data) throws(FeedError) -> [Headline] {
        guard body.count <= maxBytes else { throw .tooLarge(limit: maxBytes) }
        guard let first = body.first(where: { !isJSONSpace($0) }) else { throw .empty }
        if first == UInt8(ascii: "<") { throw .notJSON }
        let feed: Feed
        do {
            feed = try JSONDecoder().decode(Feed.self, from: body)
        } catch let error as DecodingError {
            throw reason(error)
        } catch {
            throw .malformedJSON
        }
        let ids = HeadlineID.ids(for: feed.headlines.map { ($0.headline, $0.updated) })
        return zip(ids, feed.headlines).map { id, story in
            Headline(id: id, headline: story.headline, updated: story.updated, introduction: story.introduction)
        }.newestFirst()
    }

    private struct Feed: Decodable {
        let headlines: [Story]
    }

    private struct Story: Decodable {
        let headline: String
        let updated: Int64
        let introduction: String

        enum CodingKeys: String, CodingKey { case headline, updated, introduction }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            headline = try container.decode(String.self, forKey: .headline)
            introduction = try container.decode(String.self, forKey: .introduction)
            guard container.contains(.updated), try !container.decodeNil(forKey: .updated) else {
                updated = try container.decode(Int64.self, forKey: .updated)
                return
            }
            do {
                updated = try container.decode(Int64.self, forKey: .updated)
            } catch {
                // A fraction, an out-of-range number, text or a boolean; for the first two the decoder's own error
                // says only that the data is corrupted, without saying where.
                throw DecodingError.typeMismatch(
                    Int64.self,
                    .init(codingPath: container.codingPath + [CodingKeys.updated], debugDescription: "not whole seconds")
                )
            }
        }
    }

    /// What a decoding error means for a reader: which story, which field, what was wrong.
    private static func reason(_ error: DecodingError) -> FeedError {
        func place(_ path: [any CodingKey]) -> (item: Int, field: String?)? {
            guard path.first?.stringValue == "headlines", path.count >= 2, let index = path[1].intValue else { return nil }
            return (index + 1, path.count >= 3 ? path[2].stringValue : nil)
        }
        switch error {
        case .keyNotFound(let key, let context):
            guard let place = place(context.codingPath) else { return .missingHeadlines }
            return .missingField(item: place.item, field: key.stringValue)
        case .valueNotFound(_, let context):
            guard let place = place(context.codingPath), let field = place.field else { return .missingHeadlines }
            return .missingField(item: place.item, field: field)
        case .typeMismatch(_, let context), .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                if case .dataCorrupted = error { return .malformedJSON }
                return .missingHeadlines
            }
            guard let place = place(context.codingPath) else { return .missingHeadlines }
            guard let field = place.field else {
                return .wrongType(item: place.item, field: "entry", expected: "an object")
            }
            return .wrongType(item: place.item, field: field, expected: field == "updated" ? "a whole number of seconds" : "text")
        @unknown default:
            return .malformedJSON
        }
    }

    private static func isJSONSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
