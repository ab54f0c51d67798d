import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KernelEvents
import KernelWeb
import NIOCore
import Synchronization
import Testing

/// A browser-like session over a test client: it keeps cookies between requests and fills in the CSRF token on
/// form posts, the way a page's own forms do.
public final class WebTestSession: Sendable {
    private let client: any TestClientProtocol
    private let cookies = Mutex<[String: String]>([:])

    /// A session over `client`.
    public init(client: any TestClientProtocol) {
        self.client = client
    }

    /// The CSRF token the server gave this session, fetched with a GET of `/` when there is none yet.
    public func csrfToken() async throws -> String {
        if let token = cookies.withLock({ $0[CSRFMiddleware.cookieName] }) { return token }
        _ = try await get("/")
        return cookies.withLock { $0[CSRFMiddleware.cookieName] } ?? ""
    }

    /// Sets a cookie in this session's jar, as another page able to write cookies for this host could.
    public func plantCookie(_ name: String, _ value: String) {
        cookies.withLock { $0[name] = value }
    }

    /// The value of a cookie in this session's jar.
    public func cookie(_ name: String) -> String? {
        cookies.withLock { $0[name] }
    }

    /// GET `path`.
    @discardableResult
    public func get(_ path: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await send(path, method: .get, headers: headers, body: nil)
    }

    /// HEAD `path`.
    @discardableResult
    public func head(_ path: String) async throws -> TestResponse {
        try await send(path, method: .head, headers: [:], body: nil)
    }

    /// POST a form to `path`, with this session's CSRF token unless `csrf` is false, and any extra `headers`.
    @discardableResult
    public func post(
        _ path: String,
        form fields: [(String, String)] = [],
        csrf: Bool = true,
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var fields = fields
        if csrf { fields.append((CSRFMiddleware.fieldName, try await csrfToken())) }
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        var headers = extra
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await send(path, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// Sends `json` (when given, as `application/json`) to `path` with `method`, this session's cookies and `headers`:
    /// a request to the JSON API.
    @discardableResult
    public func api(
        _ method: HTTPRequest.Method,
        _ path: String,
        json: String? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = extra
        if json != nil { headers[.contentType] = "application/json" }
        return try await send(path, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }

    /// Follows a redirect response with a GET of its location.
    public func follow(_ response: TestResponse) async throws -> TestResponse {
        guard let location = response.headers[.location] else { return response }
        // A browser keeps the #fragment to itself.
        return try await get(String(location.prefix { $0 != "#" }))
    }

    private func send(_ path: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
        var headers = headers
        // The session's cookies, with any a test sends itself (a replayed or planted one) in place of the same name.
        var sent = cookies.withLock { $0 }
        for pair in (headers[.cookie] ?? "").split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2 { sent[parts[0].trimmingCharacters(in: .whitespaces)] = String(parts[1]) }
        }
        let cookieHeader = sent.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")
        if !cookieHeader.isEmpty { headers[.cookie] = cookieHeader }
        let response = try await client.execute(uri: path, method: method, headers: headers, body: body)
        for field in response.headers[values: .setCookie] {
            let pair = field.split(separator: ";", maxSplits: 1)[0]
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let name = String(parts[0]).trimmingCharacters(in: .whitespaces)
            let value = String(parts[1])
            let expired = field.lowercased().contains("max-age=0")
            cookies.withLock { $0[name] = (expired || value.isEmpty) ? nil : value }
        }
        return response
    }

    private static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

extension TestResponse {
    /// The body as UTF-8 text.
    public var text: String { String(buffer: body) }
}

extension TestResponse {
    /// The number after `marker` in the redirect's `Location`, such as the new row's id in `/tasks#task-12`
    /// (`marker` `#task-`): what a page redirects to after creating something.
    public func locationID(after marker: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int64 {
        let location = try #require(headers[.location], "no Location header", sourceLocation: sourceLocation)
        let digits = location.components(separatedBy: marker).dropFirst().first?.prefix { $0.isNumber } ?? ""
        return try #require(Int64(digits), "no id after \(marker) in \(location)", sourceLocation: sourceLocation)
    }
}
