import Foundation
import HTTPTypes
import KernelStorage
import Logging
import OpenAPIRuntime

/// Answers every error of an API operation as an ``APIProblem``: a request the generated code could not read (a
/// missing field, JSON that is not JSON) as 400 with what was wrong, a full disk as 507, and anything else as 500
/// without its internals (logged instead).
///
/// It also writes the `Location` and `ETag` of a response as they are: the generated code percent-encodes every
/// header value (`%2Fapi%2Fv1…`), which only a client generated from the same document reads back.
public struct APIProblemMiddleware: ServerMiddleware {
    private let logger: Logger

    /// A middleware logging unexpected errors to `logger`.
    public init(logger: Logger) {
        self.logger = logger
    }

    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        do {
            var (response, body) = try await next(request, body, metadata)
            for name in [HTTPField.Name.location, .eTag] {
                if let value = response.headerFields[name], let plain = value.removingPercentEncoding {
                    response.headerFields[name] = plain
                }
            }
            return (response, body)
        } catch let error as ServerError {
            let underlying = error.underlyingError
            if let problem = underlying as? APIProblem { return Self.response(problem) }
            if DiskFull.matches(underlying) {
                return Self.response(APIProblem(.insufficientStorage, title: DiskFull.message))
            }
            if (400..<500).contains(error.httpStatus.code) {
                guard let decoding = underlying as? DecodingError else {
                    let title = APIProblem.title(for: error.httpStatus)
                    return Self.response(APIProblem(error.httpStatus, title: title, detail: error.causeDescription))
                }
                let (field, sentence) = Self.explain(decoding, sentBody: (body?.length ?? .known(0)) != .known(0))
                return Self.response(
                    APIProblem(
                        error.httpStatus,
                        title: APIProblem.title(for: error.httpStatus),
                        detail: sentence,
                        errors: field.map { [.init(field: $0, message: sentence)] }
                    )
                )
            }
            logger.error("API \(operationID) failed: \(underlying)")
            return Self.response(APIProblem(.internalServerError, title: APIProblem.title(for: .internalServerError)))
        }
    }

    /// What was wrong with a request, in a sentence (the decoder's own words name Swift types), and the body's field
    /// it is about. An error at no field is a value of the address (a path or query parameter: their decoder names
    /// none) or the body as a whole; `sentBody` says whether there was a body to blame.
    static func explain(_ error: DecodingError, sentBody: Bool) -> (field: String?, sentence: String) {
        func path(_ context: DecodingError.Context, _ key: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (key.map { [$0] } ?? [])
            return keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        let inAddress = "A value in the address (its path or query) is not of the type the document gives."
        let inEither = "The body, or a value in the address, is not of the type the document gives."
        switch error {
        case .keyNotFound(let key, let context):
            let field = path(context, key)
            return (field, "The field \(field) is missing.")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            guard !context.codingPath.isEmpty else { return (nil, sentBody ? inEither : inAddress) }
            let field = path(context)
            return (field, "The field \(field) has the wrong type.")
        case .dataCorrupted(let context):
            guard !context.codingPath.isEmpty else {
                // The JSON decoder says so when the body is not JSON; the address's decoder never speaks of JSON.
                return (nil, context.debugDescription.contains("JSON") ? "The body is not valid JSON." : sentBody ? inEither : inAddress)
            }
            let field = path(context)
            return (field, "The field \(field) is not valid.")
        @unknown default: return (nil, "The request could not be read.")
        }
    }

    /// `problem` as a response.
    public static func response(_ problem: APIProblem) -> (HTTPResponse, HTTPBody?) {
        let bytes = problem.json
        var fields = HTTPFields()
        fields[.contentType] = APIProblem.mediaType
        return (HTTPResponse(status: .init(code: problem.status), headerFields: fields), HTTPBody(bytes))
    }
}

extension HTTPResponse.Status {
    /// 507: the server has no room to store what was sent (the disk is full).
    public static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
}
