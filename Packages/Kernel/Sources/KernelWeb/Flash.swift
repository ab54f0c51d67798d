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

    var cookie: Cookie {
        let json = (try? JSONEncoder().encode(self)) ?? Data()
        let value = json.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return Cookie(name: Self.cookieName, value: value, path: "/", httpOnly: true, sameSite: .lax)
    }

    static var clearingCookie: Cookie {
        Cookie(name: cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .lax)
    }

    init?(cookieValue: String) {
        var base64 = cookieValue.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let flash = try? JSONDecoder().decode(Flash.self, from: data)
        else { return nil }
        self = flash
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
