import AsyncHTTPClient
import Foundation
import NIOCore

extension HTTPClient {
    /// Sends `request` like `execute(_:deadline:)`; a request a kept-alive connection let down before any byte of the
    /// answer arrived (see ``isLetDownBeforeAnswer(_:)``) is sent once more, on a fresh connection.
    ///
    /// A server may close an idle kept-alive connection just as the client reuses it, or reset it as the request
    /// arrives; nothing was answered (the client hands a response over once its head arrives), so one more try is safe
    /// for a request that changes nothing when repeated: a GET, a PUT, a DELETE. The failed connection has left the
    /// pool by then. Only for such requests: a POST is never sent twice.
    public func executeOnceMore(
        _ request: HTTPClientRequest,
        deadline: NIODeadline
    ) async throws -> HTTPClientResponse {
        do {
            return try await execute(request, deadline: deadline)
        } catch  where Self.isLetDownBeforeAnswer(error) {
            return try await execute(request, deadline: deadline)
        }
    }

    /// Whether `error` is a connection closed or reset under a request before its answer: what a server's drop of a
    /// kept-alive connection looks like to the request that reused it. A server that closes a connection with a
    /// request unread in it resets it, so a reset counts as well as a close.
    public static func isLetDownBeforeAnswer(_ error: any Error) -> Bool {
        if let error = error as? HTTPClientError { return error == .remoteConnectionClosed }
        if let error = error as? IOError { return [ECONNRESET, EPIPE].contains(error.errnoCode) }
        if let error = error as? ChannelError { return error == .ioOnClosedChannel || error == .eof }
        return false
    }
}
