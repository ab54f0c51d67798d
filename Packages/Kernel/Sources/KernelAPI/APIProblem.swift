import Foundation
import HTTPTypes

/// An answer of the JSON API that says what went wrong: RFC 9457 `application/problem+json`, in the words the pages
/// use, with one sentence per refused field (`errors`, as each page shows it beside the field).
public struct APIProblem: Error, Sendable, Hashable, Codable {
    /// One refused field and why.
    public struct FieldError: Sendable, Hashable, Codable {
        /// The field's name, as the request wrote it.
        public var field: String
        /// The page's sentence for it.
        public var message: String

        /// A refused field.
        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    /// What went wrong, as a sentence a person can read.
    public var title: String
    /// The HTTP status code.
    public var status: Int
    /// More about it, when there is more.
    public var detail: String?
    /// The refused fields.
    public var errors: [FieldError]?

    /// A problem answered with `status`.
    public init(_ status: HTTPResponse.Status, title: String, detail: String? = nil, errors: [FieldError]? = nil) {
        self.title = title
        self.status = status.code
        self.detail = detail
        self.errors = errors
    }

    /// The media type of a problem.
    public static let mediaType = "application/problem+json; charset=utf-8"

    /// The problem as JSON bytes.
    public var json: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data())
    }

    /// A list's `after` that is not a cursor the list gave.
    public static let notACursor = APIProblem(
        .badRequest,
        title: "That is not a cursor this list gave: start again from the first page."
    )

    /// The title a status gets when nothing more precise is known.
    public static func title(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: "This request could not be read."
        case 401: "This host wants its access token: send it as Authorization: Bearer <token>."
        case 403: "This request was refused."
        case 404: "There is nothing at this address."
        case 405: "This address does not take that method."
        case 413: "This request is too large."
        case 507: "The disk is full, so nothing was saved."
        default: status.code >= 500 ? "Something went wrong on the host; nothing was changed." : "This request was refused."
        }
    }
}
