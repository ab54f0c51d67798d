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
                let detail = (underlying as? DecodingError).map(Self.explain) ?? error.causeDescription
                return Self.response(APIProblem(error.httpStatus, title: APIProblem.title(for: error.httpStatus), detail: detail))
            }
            logger.error("API \(operationID) failed: \(underlying)")
            return Self.response(APIProblem(.internalServerError, title: APIProblem.title(for: .internalServerError)))
        }
    }

    /// What was wrong with a body, in a sentence (the decoder's own words name Swift types).
    static func explain(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context, _ key: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (key.map { [$0] } ?? [])
            return keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "The field \(path(context, key)) is missing."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.codingPath.isEmpty
                ? "The body is not what this operation takes." : "The field \(path(context)) has the wrong type."
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "The body is not valid JSON." : "The field \(path(context)) is not valid."
        @unknown default: return "The body could not be read."
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
