import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KernelTestSupport
import KernelWeb
import Testing

@Suite("Who may use the host: loopback names only, or the access token")
struct AccessTests {
    static let token = "test-token-0123456789abcdef"

    /// The status code at the start of a raw answer.
    static func status(_ answer: String) -> Int? {
        Int(answer.split(separator: " ", maxSplits: 2).dropFirst().first ?? "")
    }

    @Test("on loopback, a request that names another host (DNS rebinding) is refused; loopback names are served")
    func rebinding() async throws {
        try await withTestShell(features: [SampleFeature()], setup: .live) { _, parts in
            let port = try #require(parts.port)
            for host in ["evil.example", "evil.example:\(port)", "192.168.1.20", "127.0.0.1.evil.example"] {
                let answer = try await rawHTTP(port: port, "GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                #expect(Self.status(answer) == 403, "Host: \(host)")
                #expect(answer.contains("answers only to addresses of this machine"))
                #expect(!answer.contains("atelier_csrf"), "no CSRF token for a foreign page to read")
                #expect(!answer.contains("Sample"), "nothing of the host's pages")
            }
            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "[::1]:\(port)", "127.1.2.3"] {
                let answer = try await rawHTTP(port: port, "GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                #expect(Self.status(answer) == 200, "Host: \(host)")
            }
        }
    }

    @Test("with a token, every page, file and stream answers 401 until the token is given; the address form sets a cookie")
    func token() async throws {
        try await withTestShell(features: [SampleFeature()], access: AccessPolicy(token: Self.token)) { session, _ in
            let asking = try await session.get("/").text
            let stylesheet = shellFile(in: asking, ending: ".css")
            for path in [
                "/", "/sample", "/inbox", "/events", "/diagnostics", "/static/app.0123456789abcdef.js", "/nowhere", "/sw.js",
                "/push/key",
            ] {
                let page = try await session.get(path)
                #expect(page.status == .unauthorized, "\(path)")
                #expect(page.text.contains("Access token needed"))
                #expect(page.headers[.setCookie] == nil, "no CSRF cookie before the token")
            }
            // The stylesheet (the token page uses it) and the app's name and icons (a phone fetches them without
            // cookies to install the app) are served without the token.
            for path in [stylesheet, "/manifest.webmanifest", "/static/apple-touch-icon.png", "/icons/sample.svg"] {
                #expect(try await session.get(path).status == .ok, "\(path)")
            }
            #expect(try await session.get(stylesheet + "?x=1").status == .unauthorized)
            #expect(try await session.post("/sample/echo", form: [("title", "x")], csrf: false).status == .unauthorized)
            let wrong = try await session.get("/?token=not-the-token-at-all")
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("Wrong access token"))
            let given = try await session.get("/sample?token=\(Self.token)")
            #expect(given.status == .seeOther)
            #expect(given.headers[.location] == "/sample", "the token leaves the address bar")
            #expect(given.headers[.setCookie]?.contains("HttpOnly") == true)
            // The session now carries the cookie: pages, files and forms work.
            let page = try await session.get("/")
            #expect(page.status == .ok)
            #expect(try await session.get(shellFile(in: page.text, ending: ".js")).status == .ok)
            #expect(try await session.get("/static/icon.svg").status == .ok)
            #expect(try await session.get("/nowhere").status == .notFound)
        }
    }

    @Test("the redirect after a token never leaves the site, however the address starts")
    func noOpenRedirect() async throws {
        try await withTestShell(features: [SampleFeature()], access: AccessPolicy(token: Self.token)) { session, _ in
            let doubled = try await session.get("//evil.example?token=\(Self.token)")
            #expect(doubled.headers[.location] == "/evil.example")
        }
    }

    @Test("a script may send the token as a bearer header instead")
    func bearer() async throws {
        try await withTestShell(features: [SampleFeature()], access: AccessPolicy(token: Self.token)) { session, _ in
            let page = try await session.get("/", headers: [.authorization: "Bearer \(Self.token)"])
            #expect(page.status == .ok)
            #expect(try await session.get("/", headers: [.authorization: "Bearer \(Self.token)x"]).status == .unauthorized)
            #expect(try await session.get("/", headers: [.authorization: "Basic \(Self.token)"]).status == .unauthorized)
        }
    }

    @Test("the policy: loopback addresses need no token, anything else gets a fresh one; a configured token wins")
    func policy() {
        for address in ["127.0.0.1", "127.9.9.9", "localhost", "::1", "::ffff:127.0.0.1"] {
            #expect(AccessPolicy.forListening(on: address, configuredToken: nil).token == nil, "\(address)")
        }
        for address in ["0.0.0.0", "::", "192.168.1.5", "10.0.0.1", "example.com", "0:0:0:0:0:0:0:0"] {
            let token = AccessPolicy.forListening(on: address, configuredToken: nil).token
            #expect(token?.utf8.count == 43, "\(address)")  // 32 random bytes in base64url
        }
        #expect(
            AccessPolicy.forListening(on: "0.0.0.0", configuredToken: nil) != AccessPolicy.forListening(on: "0.0.0.0", configuredToken: nil)
        )
        #expect(AccessPolicy.forListening(on: "127.0.0.1", configuredToken: Self.token).token == Self.token)
        #expect(AccessPolicy.isUsableToken(Self.token))
        #expect(!AccessPolicy.isUsableToken("short"))
        #expect(!AccessPolicy.isUsableToken("has space in it 0123456789"))
        #expect(!AccessPolicy.isUsableToken("quote\"0123456789abcdef"))
    }
}
