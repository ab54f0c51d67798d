import Foundation

/// One image of the grid: where it is, what it shows, and where it came from.
public struct ImageItem: Sendable, Hashable, Codable {
    /// The image's address (http, https, or a path on this host).
    public let url: String
    /// A short description, the image's alternative text.
    public let title: String
    /// The page the image belongs to, when the source gives one.
    public let link: String?

    public init(url: String, title: String, link: String? = nil) {
        self.url = url
        self.title = title
        self.link = link
    }
}
