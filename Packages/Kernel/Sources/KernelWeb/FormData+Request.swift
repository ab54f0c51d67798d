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
    /// Decodes an `application/x-www-form-urlencoded` body into `type` with Hummingbird's `URLEncodedFormDecoder`,
    /// refusing bodies over `limit` bytes. A body that does not fit `type` is a 400 with a message for people.
    public func decodeForm<Form: Decodable>(
        as type: Form.Type,
        context: AppRequestContext,
        limit: Int = 1 << 20
    ) async throws -> Form {
        var request = self
        let buffer = try await request.collectBody(upTo: limit)
        do {
            return try URLEncodedFormDecoder().decode(Form.self, from: String(buffer: buffer))
        } catch {
            throw HTTPError(.badRequest, message: "The form could not be read. Reload the page and try again.")
        }
    }
}
