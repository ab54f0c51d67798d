// Walks each app's operations of the JSON API against a running host, through the client generated from the host's
// OpenAPI document and the AsyncHTTPClient transport: the code an iOS app would use. One line per step; exits 1 at
// the first step that does not answer as the document and the pages promise.
//
// Usage: atelier-api-smoke <host address, e.g. http://127.0.0.1:8080> [access token; or ATELIER_TOKEN]
import Foundation
import HTTPTypes
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime

/// Sends `Authorization: Bearer <token>` with every request: the host's access token, or any word for a host that
/// has none (the header alone says the request is a program's, so it needs no page's CSRF token).
struct BearerToken: ClientMiddleware {
    let token: String

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}

struct SmokeFailure: Error, CustomStringConvertible {
    let description: String
}

/// Prints `step` and fails unless `condition` holds.
func expect(_ condition: Bool, _ step: String) throws {
    guard condition else { throw SmokeFailure(description: "FAILED: \(step)") }
    print("ok  \(step)")
}

let arguments = CommandLine.arguments.dropFirst()
guard let address = arguments.first, let base = URL(string: address + "/api/v1") else {
    FileHandle.standardError.write(Data("usage: atelier-api-smoke <host address> [access token]\n".utf8))
    exit(2)
}
let token = arguments.dropFirst().first ?? ProcessInfo.processInfo.environment["ATELIER_TOKEN"] ?? "local"
let client = Client(serverURL: base, transport: AsyncHTTPClientTransport(), middlewares: [BearerToken(token: token)])

do {
    try await TasksWalk(client: client).run()
    try await SignupWalk(client: client).run()
    try await CountdownsWalk(client: client).run()
    try await DownloadsWalk(client: client, page: address + "/").run()
    try await NewsWalk(client: client).run()
    try await AssignmentsWalk(client: client).run()
    try await AccountsWalk(client: client).run()
    try await InboxWalk(client: client).run()
    print("atelier-api-smoke: every step answered as promised")
} catch {
    print(error)
    exit(1)
}
