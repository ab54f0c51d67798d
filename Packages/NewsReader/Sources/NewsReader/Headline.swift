import Foundation

/// One story of the feed: its headline, when it was last updated and its introductory paragraph.
public struct Headline: Sendable, Hashable, Codable {
    /// A stable id derived from the content (see ``HeadlineID``), so a story's address survives a reload of the
    /// feed even when the story moves in the list.
    public var id: String
    /// The headline, as the feed wrote it (shown as text, never as markup).
    public var headline: String
    /// When the story was last updated, in seconds since 1970-01-01 00:00 UTC.
    public var updated: Int64
    /// The introductory paragraph.
    public var introduction: String

    /// A headline.
    public init(id: String, headline: String, updated: Int64, introduction: String) {
        self.id = id
        self.headline = headline
        self.updated = updated
        self.introduction = introduction
    }

    /// The update time as a date.
    public var updatedDate: Date { Date(timeIntervalSince1970: TimeInterval(updated)) }
}

extension Array where Element == Headline {
    /// Newest first; stories updated at the same second keep their order in the feed.
    public func newestFirst() -> [Headline] {
        enumerated().sorted { lhs, rhs in
            lhs.element.updated != rhs.element.updated ? lhs.element.updated > rhs.element.updated : lhs.offset < rhs.offset
        }.map(\.element)
    }
}
