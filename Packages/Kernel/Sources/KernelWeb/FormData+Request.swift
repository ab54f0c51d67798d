import Foundation
import Hummingbird
import NIOCore

extension FormData {
    /// Reads and parses the body of `request`, refusing bodies over `limit` bytes.
    public init(request: Request, limit: Int = 1 << 20) async throws {
        var request = request
        let buffer = try await request.collectBody(upTo: limit)
        self.init(String(buffer: buffer))
    }
}

extension Request {
    /// Decodes an `application/x-www-form-urlencoded` body into `type` with ``FormDecoder``, refusing bodies over
    /// `limit` bytes (413). It decodes the form ``CSRFMiddleware`` read to check its token, so the body is parsed
    /// once. A body that does not fit `type` is a 400 with a message for people.
    public func decodeForm<Form: Decodable>(
        as type: Form.Type,
        context: AppRequestContext,
        limit: Int = 1 << 20
    ) async throws -> Form {
        let form: FormData
        if let posted = context.postedForm {
            guard posted.bytes <= limit else { throw HTTPError(.contentTooLarge) }
            form = posted.fields
        } else {
            form = try await FormData(request: self, limit: limit)
        }
        do {
            return try FormDecoder().decode(Form.self, from: form)
        } catch {
            throw HTTPError(.badRequest, message: "The form could not be read. Reload the page and try again.")
        }
    }
}
