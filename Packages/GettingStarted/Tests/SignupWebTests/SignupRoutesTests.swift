import Foundation
import Kernel
import KernelLoopback
import KernelTestSupport
import NIOCore
import NIOHTTP1
import Signup
import SignupWeb
import Synchronization
import Testing

@Suite("Sign-up page")
struct SignupRoutesTests {
    static let form = [("firstName", "Ana <b>"), ("lastName", "Lim"), ("dateOfBirth", "1990-02-03"), ("password", "hunter2")]

    @Test("a refused form shows a message beside each field and keeps what was typed but the password")
    func refused() async throws {
        try await withTestShell(features: [SignupFeature()]) { session, _ in
            let page = try await session.get("/signup")
            #expect(page.text.contains(#"inputmode="numeric""#) && page.text.contains(#"type="password""#))
            let refused = try await session.post(
                "/signup",
                form: [("firstName", "Ana <b>"), ("lastName", ""), ("dateOfBirth", "29/02/2023"), ("password", "abc")]
            )
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(#"<span class="field-error" id="lastName-error">Enter your last name.</span>"#))
            #expect(refused.text.contains("That day does not exist in the calendar."))
            #expect(refused.text.contains("Use at least 5 characters for the password."))
            #expect(refused.text.contains(#"value="Ana &lt;b&gt;""#) && refused.text.contains(#"value="29/02/2023""#))
            #expect(refused.text.contains(#"aria-describedby="lastName-error" autofocus"#))
            #expect(!refused.text.contains(#"value="abc""#))
        }
    }

    @Test("Save shows the JSON without the password and says nothing was sent when no endpoint is set")
    func json() async throws {
        try await withTestShell(features: [SignupFeature()]) { session, _ in
            let saved = try await session.post("/signup", form: Self.form)
            #expect(saved.status == .ok)
            #expect(saved.text.contains("&quot;dateOfBirth&quot; : &quot;1990-02-03&quot;"))
            #expect(saved.text.contains("&quot;firstName&quot; : &quot;Ana &lt;b&gt;&quot;"))
            #expect(!saved.text.contains("hunter2"))
            #expect(saved.text.contains("so nothing was sent"))
        }
    }

    @Test("with an endpoint, Save POSTs the JSON (the password only in the body) and says what the server answered")
    func endpoint() async throws {
        let server = try await RecordingServer(status: 201)
        try await withTestShell(
            features: [SignupFeature()],
            featureSettings: ["signup": FeatureSettings(["endpoint": server.url])]
        ) { session, _ in
            let saved = try await session.post("/signup", form: Self.form)
            #expect(saved.text.contains("the server answered 201."))
            #expect(!saved.text.contains("hunter2"))
            let received = try #require(server.received.first)
            #expect(received.method == "POST" && received.contentType == "application/json")
            #expect(received.uri == "/users?source=atelier")
            let body = try #require(try JSONSerialization.jsonObject(with: Data(received.body.utf8)) as? [String: String])
            #expect(body == ["dateOfBirth": "1990-02-03", "firstName": "Ana <b>", "lastName": "Lim", "password": "hunter2"])
            #expect(received.body.hasPrefix("{\n  \"dateOfBirth\""))
            server.status.value.withLock { $0 = 500 }
            let failed = try await session.post("/signup", form: Self.form)
            #expect(failed.text.contains("The server refused it: it answered 500."))
        }
        await server.stop()
        try await withTestShell(
            features: [SignupFeature()],
            featureSettings: ["signup": FeatureSettings(["endpoint": server.url])]
        ) { session, _ in
            let unreachable = try await session.post("/signup", form: Self.form)
            #expect(unreachable.text.contains("The server could not be reached."))
        }
    }

    @Test("the page never shows credentials in the endpoint's address, and a redirect is not followed with the body")
    func credentialsAndRedirects() async throws {
        let server = try await RecordingServer(status: 307)
        let withCredentials = server.url.replacingOccurrences(of: "http://", with: "http://api:SECRET@")
        try await withTestShell(
            features: [SignupFeature()],
            featureSettings: ["signup": FeatureSettings(["endpoint": withCredentials])]
        ) { session, _ in
            let saved = try await session.post("/signup", form: Self.form)
            #expect(saved.text.contains("Not sent to \(server.url). The server refused it: it answered 307."))
            #expect(!saved.text.contains("SECRET"))
            #expect(server.received.count == 1)
        }
        await server.stop()
    }

    @Test("a post without the CSRF token is refused")
    func csrf() async throws {
        try await withTestShell(features: [SignupFeature()]) { session, _ in
            let forged = try await session.post("/signup", form: Self.form, csrf: false)
            #expect(forged.status == .forbidden)
        }
    }
}

/// A real HTTP server on loopback answering every request with the status the test sets; the loopback server records
/// each request's head and body.
final class RecordingServer: Sendable {
    struct Received: Sendable {
        var method: String
        var uri: String
        var contentType: String
        var body: String
    }

    final class Status: Sendable {
        let value: Mutex<Int>
        init(_ value: Int) { self.value = Mutex(value) }
    }

    let status: Status
    private let server: LoopbackServer

    init(status: Int) async throws {
        let shared = Status(status)
        self.status = shared
        server = try await LoopbackServer { _, outbound in
            let code = shared.value.withLock { $0 }
            let headers = HTTPHeaders([("Content-Type", "application/json"), ("Content-Length", "2")])
            let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: code), headers: headers)
            try await outbound.write(.head(head))
            try await outbound.write(.body(.byteBuffer(ByteBuffer(string: "{}"))))
            try await outbound.write(.end(nil))
            return true
        }
    }

    var url: String { server.url("/users?source=atelier") }

    var received: [Received] {
        zip(server.requests, server.bodies).map { head, body in
            Received(
                method: head.method.rawValue,
                uri: head.uri,
                contentType: head.headers.first(name: "Content-Type") ?? "",
                body: body
            )
        }
    }

    func stop() async { await server.stop() }
}
