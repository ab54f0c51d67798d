import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Kernel
import KernelEvents
import KernelStorage
import KernelTestSupport
import KernelWeb
import Testing

@Suite("Web shell")
struct ShellTests {
    @Test("the launcher shows one tile per enabled feature, linking to it")
    func launcher() async throws {
        try await withTestShell(features: [SampleFeature(), SampleFeature(id: "other", title: "Other")]) { session, _ in
            let page = try await session.get("/")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<a class="tile" href="/sample" data-tile="sample">"#))
            #expect(page.text.contains(#"<a class="tile" href="/other" data-tile="other">"#))
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
        }
    }

    @Test("behind a proxy that says HTTPS, every cookie is Secure; over plain HTTP, none claims it")
    func secureCookiesBehindHTTPS() async throws {
        for (headers, secure) in [
            ([HTTPField.Name("X-Forwarded-Proto")!: "https"] as HTTPFields, true),
            ([HTTPField.Name("Forwarded")!: "for=192.0.2.1;proto=https"], true),
            ([HTTPField.Name("X-Forwarded-Proto")!: "http"], false),
            ([:], false),
        ] {
            // A fresh session each time: the CSRF cookie is set on a first visit, the flash by a form's answer.
            try await withTestShell(features: [SampleFeature()]) { session, _ in
                let page = try await session.get("/", headers: headers)
                let redirect = try await session.post("/sample/echo", form: [("text", "x")], headers: headers)
                let cookies = page.headers[values: .setCookie] + redirect.headers[values: .setCookie]
                #expect(cookies.count >= 2)
                for cookie in cookies {
                    #expect(cookie.hasSuffix("; Secure") == secure, "\(headers): \(cookie)")
                }
            }
        }
    }

    @Test("HEAD answers every GET route with its status and headers and no body")
    func head() async throws {
        try await withTestShell(features: [SampleFeature()], setup: .live) { session, _ in
            let get = try await session.get("/")
            let head = try await session.head("/")
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentType] == "text/html; charset=utf-8")
            #expect(head.headers[.contentLength] == String(get.body.readableBytes))
            #expect(try await session.head(shellFile(in: get.text, ending: ".css")).status == .ok)
            #expect(try await session.head("/no-such-page").status == .notFound)
            // The live-events stream is not opened for a HEAD: no subscriber is left behind.
            #expect(try await session.head("/events").status == .ok)
            #expect(try await session.head("/events").status == .ok)
            let diagnostics = try await session.get("/diagnostics")
            #expect(diagnostics.text.contains(#"data-live-subscribers="0""#))
        }
    }

    @Test("every page carries a strict Content-Security-Policy that forbids inline script")
    func securityHeaders() async throws {
        try await withTestShell(features: [SampleFeature()]) { session, _ in
            let page = try await session.get("/sample")
            let policy = page.headers[.contentSecurityPolicy] ?? ""
            #expect(policy.contains("script-src 'self'"))
            #expect(!policy.contains("unsafe-inline"))
        }
    }

    @Test("pages, fragments, redirects and error pages are never stored by the browser; static assets keep their caching")
    func noStore() async throws {
        try await withTestShell(features: [SampleFeature()]) { session, _ in
            for path in ["/", "/sample", "/inbox", "/no-such-page"] {
                #expect(try await session.get(path).headers[.cacheControl] == "no-store", "\(path)")
            }
            let posted = try await session.post("/sample/echo", form: [("text", "hi")])
            #expect(posted.headers[.cacheControl] == "no-store")
            let page = try await session.get("/sample").text
            let immutable = "public, max-age=31536000, immutable"
            #expect(try await session.get(shellFile(in: page, ending: ".css")).headers[.cacheControl] == immutable)
            #expect(try await session.get(shellFile(in: page, ending: ".js")).headers[.cacheControl] == immutable)
            #expect(try await session.get("/static/icon-192.png").headers[.cacheControl] == "no-cache")
        }
    }

    @Test("a POST without the CSRF token is refused with 403 and a friendly page")
    func csrfMissing() async throws {
        try await withTestShell(features: [SampleFeature()]) { session, _ in
            _ = try await session.get("/")
            let response = try await session.post("/sample/echo", form: [("text", "hi")], csrf: false)
            #expect(response.status == .forbidden)
            #expect(response.text.contains("This form has expired"))
        }
    }

    @Test("a planted CSRF cookie is never accepted: without the host's signature it is refused and then replaced")
    func plantedCookie() async throws {
        try await withTestShell(features: [SampleFeature()]) { session, _ in
            let genuine = try await session.csrfToken()
            #expect(genuine.utf8.count == 75)
            // Another page on this machine can write this host's cookies and fill the form with the same value; what it
            // cannot do is sign it. Tried: a token of the right length with no signature, a genuine token with a changed
            // signature, the genuine signature after another nonce, and the genuine token claiming a later time.
            let bytes = try #require(Base64URL.decode(genuine))
            func forged(_ change: (inout [UInt8]) -> Void) -> String {
                var changed = Array(bytes)
                change(&changed)
                return Base64URL.encode(changed)
            }
            let forgeries = [
                String(repeating: "a", count: 75),
                forged { $0[55] ^= 1 },
                forged { $0.replaceSubrange(0..<16, with: [UInt8](repeating: 0, count: 16)) },
                forged { $0.replaceSubrange(16..<24, with: [UInt8](repeating: 0xff, count: 8)) },
            ]
            for forged in forgeries {
                session.plantCookie(CSRFMiddleware.cookieName, forged)
                let response = try await session.post("/sample/echo", form: [("text", "hi")])
                #expect(response.status == .forbidden, "\(forged)")
                #expect(response.text.contains("This form has expired"))
            }
            // The next page hands out a genuine token again, and forms work.
            session.plantCookie(CSRFMiddleware.cookieName, forgeries[1])
            _ = try await session.get("/")
            let replaced = try #require(session.cookie(CSRFMiddleware.cookieName))
            #expect(replaced != forgeries[1] && replaced.utf8.count == 75)
            #expect(try await session.post("/sample/echo", form: [("text", "hi")]).status == .seeOther)
        }
    }

    @Test("the CSRF secret is kept in the data directory: the same for every start, readable by its owner only")
    func csrfSecretKept() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.dataDirectory.prepare()
        let first = try directory.dataDirectory.secret(named: CSRFMiddleware.secretName)
        let second = try directory.dataDirectory.secret(named: CSRFMiddleware.secretName)
        #expect(first.count == 32 && first == second)
        #expect(Set(first).count > 8, "random bytes")
        let path = (directory.dataDirectory.path as NSString).appendingPathComponent(CSRFMiddleware.secretName)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // A secret cut short (a full disk) is replaced rather than trusted.
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
        let third = try directory.dataDirectory.secret(named: CSRFMiddleware.secretName)
        #expect(third.count == 32 && third != first)
        #expect(try directory.dataDirectory.secret(named: CSRFMiddleware.secretName) == third)
    }

    @Test("a POST the browser says came from another site or port is refused even with the right token")
    func crossOriginPosts() async throws {
        try await withTestShell(features: [SampleFeature()]) { session, _ in
            let fetchSite = HTTPField.Name("Sec-Fetch-Site")!
            let origin = HTTPField.Name("Origin")!
            for headers: HTTPFields in [
                [fetchSite: "cross-site"], [fetchSite: "same-site"], [origin: "http://evil.example"],
                [origin: "http://localhost:9999"], [origin: "null"],
            ] {
                let refused = try await session.post("/sample/echo", form: [("text", "hi")], headers: headers)
                #expect(refused.status == .forbidden, "\(headers)")
                #expect(refused.text.contains("This form came from another site"))
            }
            for headers: HTTPFields in [[fetchSite: "same-origin"], [origin: "http://localhost"], [:]] {
                let accepted = try await session.post("/sample/echo", form: [("text", "hi")], headers: headers)
                #expect(accepted.status == .seeOther, "\(headers)")
            }
        }
    }

    @Test("a form body over 1 MB is refused with 413")
    func bodyTooLarge() async throws {
        try await withTestShell(features: [SampleFeature()]) { session, _ in
            let response = try await session.post("/sample/echo", form: [("text", String(repeating: "a", count: 1_100_000))])
            #expect(response.status == .contentTooLarge)
        }
    }

    @Test("a handler decodes the form the CSRF check read: its fields, a 400 for one that does not read, its own size limit")
    func typedForm() async throws {
        try await withTestShell(features: [SampleFeature()]) { session, _ in
            let accepted = try await session.post("/sample/typed", form: [("text", "hi"), ("count", "3")])
            #expect(accepted.status == .seeOther)
            #expect(try await session.get("/sample").text.contains("Got hi × 3"))
            let unreadable = try await session.post("/sample/typed", form: [("count", "three")])
            #expect(unreadable.status == .badRequest)
            #expect(unreadable.text.contains("The form could not be read"))
            let large = try await session.post("/sample/typed", form: [("text", String(repeating: "a", count: 300))])
            #expect(large.status == .contentTooLarge)
        }
    }

    @Test("a POST with a wrong token is refused; with the right one it goes through")
    func csrfWrongAndRight() async throws {
        try await withTestShell(features: [SampleFeature()]) { session, _ in
            let wrong = try await session.post(
                "/sample/echo",
                form: [("text", "hi"), ("_csrf", String(repeating: "a", count: 112))],
                csrf: false
            )
            #expect(wrong.status == .forbidden)
            let right = try await session.post("/sample/echo", form: [("text", "hi")])
            #expect(right.status == .seeOther)
            #expect(right.headers[.location] == "/sample")
        }
    }

    @Test("a flash message shows once on the next page, escaped")
    func flash() async throws {
        try await withTestShell(features: [SampleFeature()]) { session, _ in
            let redirect = try await session.post("/sample/echo", form: [("text", "<b>bold</b>")])
            let next = try await session.follow(redirect)
            #expect(next.text.contains("Got &lt;b&gt;bold&lt;/b&gt;"))
            #expect(!next.text.contains("<b>bold</b>"))
            let again = try await session.get("/sample")
            #expect(!again.text.contains("Got "))
        }
    }

    @Test("a flash naming something huge keeps its cookie small, shortened at a whole character")
    func flashCookieSize() async throws {
        try await withTestShell(features: [SampleFeature()]) { session, _ in
            let huge = String(repeating: "é", count: 40_000)
            let redirect = try await session.post("/sample/echo", form: [("text", huge)])
            let cookie = try #require(redirect.headers[values: .setCookie].first { $0.hasPrefix("atelier_flash=") })
            #expect(cookie.utf8.count < 2_000)
            let next = try await session.follow(redirect)
            #expect(next.text.contains("Got " + String(repeating: "é", count: 400)))
            #expect(next.text.contains("é…"))
        }
    }

    @Test("an unknown address gets a friendly 404 page in the layout")
    func notFound() async throws {
        try await withTestShell(features: [SampleFeature()]) { session, _ in
            let page = try await session.get("/no/such/page")
            #expect(page.status == .notFound)
            #expect(page.text.contains("This page isn’t here"))
            #expect(page.text.contains(#"class="topbar""#))
        }
    }

    @Test("an unexpected error gets a 500 page that leaks nothing")
    func serverError() async throws {
        try await withTestShell(features: [SampleFeature()]) { session, _ in
            let page = try await session.get("/sample/boom")
            #expect(page.status == .internalServerError)
            #expect(page.text.contains("Something went wrong"))
            #expect(!page.text.contains("hunter2"))
            #expect(!page.text.contains("SecretFailure"))
        }
    }

    @Test("a page loads the shell as one script and one stylesheet, each named for its content; the parts are not served alone")
    func assets() async throws {
        try await withTestShell(features: [SampleFeature()]) { session, _ in
            let page = try await session.get("/sample").text
            let sources = page.components(separatedBy: "<script src=\"").dropFirst().compactMap { $0.split(separator: "\"").first }
            let stylesheets = page.components(separatedBy: "<link rel=\"stylesheet\" href=\"").dropFirst()
                .compactMap { $0.split(separator: "\"").first }
            #expect(sources.count == 1 && stylesheets.count == 1, "\(sources) \(stylesheets)")
            let script = try await session.get(shellFile(in: page, ending: ".js"))
            #expect(script.status == .ok)
            #expect(script.text.contains("EventSource") && script.text.contains("AtelierClock"), "app.js and its parts")
            #expect(shellFile(in: page, ending: ".js").range(of: #"^/static/app\.[0-9a-f]{16}\.js$"#, options: .regularExpression) != nil)
            for part in ["/static/app.js", "/static/app-refresh.js", "/static/app.css"] {
                #expect(try await session.get(part).status == .notFound, "\(part)")
            }
        }
    }

    @Test("a static address with an encoded NUL or a way out of the folder is a 404, never a file served as another type")
    func staticHostilePaths() async throws {
        try await withTestShell(features: [SampleFeature()], setup: .live) { session, parts in
            let port = try #require(parts.port)
            for path in ["/static/app.css%00.html", "/static/%00", "/static/..%2fPackage.swift", "/static/%2e%2e/%2e%2e/etc/passwd"] {
                let answer = try await rawHTTP(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                #expect(answer.hasPrefix("HTTP/1.1 404"), "\(path): \(answer.prefix(120))")
                #expect(!answer.lowercased().contains("location:"), "\(path) redirected")
            }
            let css = try await session.get(shellFile(in: try await session.get("/").text, ending: ".css"))
            #expect(css.status == .ok && css.headers[.contentType]?.hasPrefix("text/css") == true)
        }
    }

    @Test("the inbox lists notices and marks them read")
    func inbox() async throws {
        try await withTestShell(features: [SampleFeature()]) { session, parts in
            let empty = try await session.get("/inbox")
            #expect(empty.text.contains("No notices yet"))
            let database = try FeatureDatabase.open(named: "kernel", in: parts.directory.dataDirectory, migrations: NoticeCenter.migrations)
            try await NoticeCenter(database: database, bus: parts.bus).raise(featureID: "sample", title: "Hello <there>", body: "Body")
            let full = try await session.get("/inbox")
            #expect(full.text.contains("Hello &lt;there&gt;"))
            #expect(full.text.contains(#"data-unread>1<"#))
            let read = try await session.follow(try await session.post("/inbox/read"))
            #expect(!read.text.contains("data-unread"))
        }
    }
}

/// The address of the shell's file ending in `suffix` (`.js`, `.css`) that `page` links.
func shellFile(in page: String, ending suffix: String) -> String {
    let pattern = #"/static/app\.[0-9a-f]+"# + NSRegularExpression.escapedPattern(for: suffix)
    return page.range(of: pattern, options: .regularExpression).map { String(page[$0]) } ?? "/static/app.missing" + suffix
}
