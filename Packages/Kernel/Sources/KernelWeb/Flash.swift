import Foundation
import Hummingbird

/// A one-time message shown on the next page after a redirect ("Task saved."), optionally with one action button
/// (such as Undo) that posts to `actionPath`.
public struct Flash: Codable, Sendable, Equatable {
    /// How the message is styled.
    public enum Kind: String, Codable, Sendable {
        case success
        case error
        case info
    }

    /// The style.
    public var kind: Kind
    /// The text, shown escaped.
    public var message: String
    /// The label of an optional action button.
    public var actionLabel: String?
    /// Where the action button posts (with the CSRF token).
    public var actionPath: String?

    /// A flash message.
    public init(_ kind: Kind, _ message: String, actionLabel: String? = nil, actionPath: String? = nil) {
        self.kind = kind
        self.message = message
        self.actionLabel = actionLabel
        self.actionPath = actionPath
    }

    static let cookieName = "atelier_flash"

    /// The most UTF-8 bytes of a message kept in the cookie: a browser drops a cookie over 4 KB, and a message naming
    /// a long task need not repeat all of it.
    static let cookieMessageLimit = 1_000

    /// `text` if it fits in `limit` UTF-8 bytes, else its first whole characters that fit with an ellipsis after them.
    static func shortened(_ text: String, toBytes limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var result = ""
        var bytes = 0
        for character in text {
            let size = character.utf8.count
            guard bytes + size <= limit - 3 else { break }
            result.append(character)
            bytes += size
        }
        return result + "…"
    }

    static var clearingCookie: Cookie {
        Cookie(name: cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .lax)
    }
}

/// A flash sent as JSON to a page that posted a form from its script (``PageRenderer/redirect(to:flash:for:)``).
struct InlineAnswer: Encodable {
    let kind: Flash.Kind
    let message: String
    let actionLabel: String?
    let actionPath: String?
    /// Where a page without a script would have gone.
    let location: String

    init(flash: Flash, location: String) {
        kind = flash.kind
        message = flash.message
        actionLabel = flash.actionLabel
        actionPath = flash.actionPath
        self.location = location
    }
}
