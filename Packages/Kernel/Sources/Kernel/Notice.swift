import Foundation
import GRDB
import KernelStorage

/// A message for one person, raised by any feature: listed in their inbox, pushed live to their open pages and
/// devices and, where a desktop session exists, shown as a desktop notification.
public struct Notice: Codable, Sendable, Hashable, Identifiable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "kernel_notice"

    /// The row id, nil before the notice is saved.
    public var id: Int64?
    /// The id of the feature that raised it.
    public var featureID: String
    /// A short headline.
    public var title: String
    /// One or two sentences.
    public var body: String
    /// A path inside the app to open from the notice, if any.
    public var link: String?
    /// When the notice is due; a notice in the future waits, even across restarts, until then.
    public var deliverAt: Date
    /// When it was delivered, nil while it waits.
    public var deliveredAt: Date?
    /// When the person read it, nil while unread.
    public var readAt: Date?
    /// A name that makes the notice one of a kind: a second notice with the same key is dropped, so two deliverers
    /// of the same event (the host and an operating-system job) never both notify. Nil for notices without one.
    public var key: String?
    /// Whether it was delivered well after its time (it fell due while nothing could deliver it).
    public var late: Bool = false
    /// When the host showed it on its open pages (live toast); nil while only another process has delivered it.
    public var announcedAt: Date?
    /// When the person took it out of the inbox; nil while it is there.
    public var removedAt: Date?
    /// The person it is for.
    public var owner: PersonID = .local

    /// A notice not yet saved.
    public init(
        featureID: String,
        title: String,
        body: String,
        link: String? = nil,
        deliverAt: Date,
        key: String? = nil,
        owner: PersonID = .local
    ) {
        self.featureID = featureID
        self.key = key
        self.title = title
        self.body = body
        self.link = link
        self.deliverAt = deliverAt
        self.owner = owner
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// `link` if it is a path inside the app (`/tasks`, `/news/12?x=1#top`), nil otherwise: a browser reads `//host/x`
    /// and `/\host/x` as another site, so neither passes, nor does anything with a backslash or a control character
    /// (a browser drops tabs and line breaks from an address, so `/<tab>/host` would become `//host`).
    public static func inAppLink(_ link: String) -> String? {
        guard link.hasPrefix("/"), !link.hasPrefix("//"), link.count <= 2_000,
            !link.unicodeScalars.contains(where: { $0 == "\\" || $0.properties.generalCategory == .control })
        else { return nil }
        return link
    }

    /// The title, with "Late: " before it when the notice was delivered late.
    public var displayTitle: String { late ? "Late: \(title)" : title }
}
