import KernelEvents
import KernelStorage

/// Posted when a notice is delivered: every open page of its person shows it as a toast and bumps the inbox count.
public struct NoticeDelivered: LiveEvent, Hashable {
    public static let name: EventName = "kernel.notice.delivered"

    /// The notice's id.
    public let id: Int64
    /// The feature that raised it.
    public let featureID: String
    /// Its headline.
    public let title: String
    /// Its text.
    public let body: String
    /// The path it links to, if any.
    public let link: String?
    /// The person it is for: only their pages hear of it.
    public let owner: PersonID

    /// The message for `notice`.
    public init(_ notice: Notice) {
        id = notice.id ?? 0
        featureID = notice.featureID
        title = notice.displayTitle
        body = notice.body
        link = notice.link
        owner = notice.owner
    }

    public var audience: PersonID? { owner }

    /// "Title — body", or the title alone.
    public var toast: String? { body.isEmpty ? title : "\(title) — \(body)" }

    private enum CodingKeys: String, CodingKey {
        case id, featureID, title, body, link
    }
}
