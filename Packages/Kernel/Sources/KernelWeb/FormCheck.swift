import Foundation
import Hummingbird

/// The answer to a form's check as the person goes (a form marked `data-check="<address>"`; see `app-forms.js`): each
/// field's problem, said beside it when the person leaves it, and the problem the form would be refused with now, which
/// keeps the form from being sent (so a refusal never reloads the page and never empties a typed password).
public struct FormCheck: Encodable, Sendable {
    /// A problem, on the field it is shown beside.
    public struct Problem: Encodable, Sendable {
        /// The field's name.
        public var field: String
        /// What to do, in the form's own words.
        public var message: String

        /// The problem `message` on `field`.
        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    /// Each field's own problem, by the field's name.
    public var fields: [String: String]
    /// What sending the form now would be refused with; nil when it would be taken.
    public var first: Problem?

    /// A check's answer.
    public init(fields: [String: String], first: Problem?) {
        self.fields = fields
        self.first = first
    }

    /// The answer as JSON, never kept by a cache.
    public var response: Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: json))
        )
    }
}
