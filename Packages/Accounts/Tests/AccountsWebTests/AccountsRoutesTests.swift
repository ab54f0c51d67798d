import Accounts
import Foundation
import GRDB
import HummingbirdTesting
import Kernel
import KernelStorage
import KernelTestSupport
import Synchronization
import Testing

@testable import AccountsWeb

@Suite("Accounts pages")
struct AccountsRoutesTests {
    func withAccounts(
        images: String? = nil,
        _ test: @Sendable (WebTestSession, TestShellParts) async throws -> Void
    ) async throws {
        let settings = images.map { ["accounts": FeatureSettings(["images": $0])] } ?? [:]
        try await withTestShell(features: [AccountsFeature()], featureSettings: settings, test)
    }

    static let signup: [(String, String)] = [
        ("email", "Ana@Example.com"), ("password", "secret!word"), ("firstName", "Ana <b>"), ("lastName", "Lim & Co"),
        ("mobile", "012 345 6789"), ("gender", "female"),
    ]

    /// Signs up with the fields above, changed by `changes`.
    static func signUp(_ session: WebTestSession, _ changes: [(String, String)] = []) async throws -> TestResponse {
        var fields = signup
        for (name, value) in changes { fields = fields.map { $0.0 == name ? (name, value) : $0 } }
        return try await session.post("/accounts/signup", form: fields)
    }

    static func sessionCookie(_ response: TestResponse) -> String? {
        response.headers[values: .setCookie].last { $0.hasPrefix("atelier_account=") }
    }

    @Test("signed out, every page of the feature goes to login and comes back after it")
    func protected() async throws {
        try await withAccounts { session, _ in
            // The app's own address is the login screen itself, with no redirect to wait for.
            let start = try await session.get("/accounts")
            #expect(start.status == .ok && start.text.contains(#"action="/accounts/login""#))
            let images = try await session.get("/accounts/images")
            #expect(images.status == .seeOther)
            #expect(images.headers[.location] == "/accounts/login?next=%2Faccounts%2Fimages")
            let login = try await session.get("/accounts/login?next=%2Faccounts%2Fimages")
            #expect(login.text.contains(#"<input type="hidden" name="next" value="/accounts/images">"#))
            _ = try await Self.signUp(session)
            _ = try await session.post("/accounts/logout")
            let back = try await session.post(
                "/accounts/login",
                form: [("email", "ana@example.com"), ("password", "secret!word"), ("next", "/accounts/images")]
            )
            #expect(back.headers[.location] == "/accounts/images")
            let elsewhere = try await session.post(
                "/accounts/login",
                form: [("email", "ana@example.com"), ("password", "secret!word"), ("next", "//evil.example/accounts/")]
            )
            #expect(elsewhere.headers[.location] == "/accounts/home")
        }
    }

    @Test("sign up goes Home, which shows the names escaped and the number in the national format")
    func signUpHome() async throws {
        try await withAccounts { session, _ in
            let response = try await Self.signUp(session)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/accounts/home")
            let cookie = try #require(Self.sessionCookie(response))
            #expect(
                cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/")
                    && !cookie.contains("Path=/accounts")
            )
            let home = try await session.follow(response)
            #expect(home.text.contains(#"<dd id="first-name">Ana &lt;b&gt;</dd>"#))
            #expect(home.text.contains(#"<dd id="last-name">Lim &amp; Co</dd>"#))
            #expect(home.text.contains(#"<span id="mobile-number">012-345 6789</span>"#))
            #expect(home.text.contains("Show Images") && home.text.contains("Logout") && home.text.contains("Delete my account"))
        }
    }

    @Test("a refused sign-up shows the first problem beside its field and keeps all but the password")
    func signUpRefused() async throws {
        try await withAccounts { session, _ in
            let refused = try await Self.signUp(session, [("mobile", "03-2385 6789")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(#"<span class="field-error" id="signup-problem" role="alert">Mobile number is not valid</span>"#))
            #expect(refused.text.contains(#"value="Ana@Example.com""#) && refused.text.contains(#"value="03-2385 6789""#))
            #expect(refused.text.contains(#"value="Ana &lt;b&gt;""#))
            #expect(!refused.text.contains("secret!word"))
            #expect(refused.text.contains(#"<option value="female" selected>Female</option>"#))
            _ = try await Self.signUp(session)
            _ = try await session.post("/accounts/logout")
            let again = try await Self.signUp(session, [("email", " ana@EXAMPLE.com ")])
            #expect(again.text.contains("Email already exists"))
        }
    }

    @Test("Log out everywhere ends the account's session in every browser, this one too, and nobody else's")
    func logoutEverywhere() async throws {
        try await withAccounts { phone, parts in
            _ = try await Self.signUp(phone)
            let laptop = parts.anotherBrowser()
            _ = try await laptop.post("/accounts/login", form: [("email", "ana@example.com"), ("password", "secret!word")])
            let someoneElse = parts.anotherBrowser()
            _ = try await Self.signUp(someoneElse, [("email", "ben@example.com")])
            // Each seen once, so the host keeps the sessions in memory: ending them must reach that too.
            for browser in [phone, laptop, someoneElse] { #expect(try await browser.get("/accounts/home").status == .ok) }
            let home = try await phone.get("/accounts/home")
            #expect(home.text.contains(#"action="/accounts/logout-everywhere""#))
            let out = try await phone.post("/accounts/logout-everywhere")
            #expect(out.headers[.location] == "/accounts/login")
            #expect(try await phone.follow(out).text.contains("You are logged out on every device."))
            #expect(try await phone.get("/accounts/home").headers[.location]?.hasPrefix("/accounts/login") == true)
            #expect(try await laptop.get("/accounts/home").headers[.location]?.hasPrefix("/accounts/login") == true)
            #expect(try await someoneElse.get("/accounts/home").status == .ok)
        }
    }

    @Test("Change password checks the current one and the rule beside each field, then logs out every other device")
    func changePassword() async throws {
        try await withAccounts { phone, parts in
            let signedUp = try await Self.signUp(phone)
            let laptop = parts.anotherBrowser()
            _ = try await laptop.post("/accounts/login", form: [("email", "ana@example.com"), ("password", "secret!word")])
            #expect(try await laptop.get("/accounts/home").status == .ok)
            #expect(try await phone.get("/accounts/home").text.contains(#"action="/accounts/password""#))

            // An empty field is neither checked nor counted: more of them than the throttle allows hold nothing back.
            for _ in 0..<6 {
                let empty = try await phone.post("/accounts/password", form: [("current", ""), ("password", "better!word")])
                #expect(empty.text.contains(#"id="current-password-problem" role="alert">Type your current password to change it</span>"#))
            }
            let wrong = try await phone.post("/accounts/password", form: [("current", "not!theword"), ("password", "better!word")])
            #expect(wrong.status == .unprocessableContent)
            #expect(
                wrong.text.contains(
                    #"<span class="field-error" id="current-password-problem" role="alert">That is not your current password, so it was not changed</span>"#
                )
            )
            #expect(wrong.text.contains(#"<details class="card change-password" open>"#))
            #expect(!wrong.text.contains("not!theword") && !wrong.text.contains("better!word"))

            let weak = try await phone.post("/accounts/password", form: [("current", "secret!word"), ("password", "short")])
            #expect(weak.status == .unprocessableContent)
            #expect(
                weak.text.contains(
                    #"id="password-password-problem" role="alert">Password should contain one special character and minimum 8 character required</span>"#
                )
            )

            let changed = try await phone.post("/accounts/password", form: [("current", "secret!word"), ("password", "better!word")])
            #expect(changed.headers[.location] == "/accounts/home")
            // A new session id for the browser that changed it.
            #expect(try #require(Self.sessionCookie(changed)) != Self.sessionCookie(signedUp))
            #expect(try await phone.follow(changed).text.contains("Your password was changed. Every other device was logged out."))
            #expect(try await laptop.get("/accounts/home").headers[.location]?.hasPrefix("/accounts/login") == true)
            let old = try await laptop.post("/accounts/login", form: [("email", "ana@example.com"), ("password", "secret!word")])
            #expect(old.text.contains("Email or password is incorrect"))
            let new = try await laptop.post("/accounts/login", form: [("email", "ana@example.com"), ("password", "better!word")])
            #expect(new.headers[.location] == "/accounts/home")
        }
    }

    @Test("a session left unused for the idle lifetime ends; one used every day is kept past it")
    func idleSessions() async throws {
        let database = try DatabaseQueue()
        try FeatureDescriptor.accounts.migrations.apply(to: database)
        let clock = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let store = AccountStore(writer: database, now: { clock.withLock { $0 } })
        let form = SignupForm(
            email: "ana@example.com",
            password: "secret!word",
            firstName: "Ana",
            lastName: "Lim",
            mobile: "012 345 6789",
            gender: "female"
        )
        let account = try await store.signUp(form)
        let used = try await store.startSession(for: account)
        let left = try await store.startSession(for: account)
        let day: TimeInterval = 24 * 3600
        func lastSeen(_ token: String) async throws -> Double? {
            try await database.read { db in
                try Double.fetchOne(db, sql: "SELECT lastSeenAt FROM accounts_session WHERE token = ?", arguments: [token])
            }
        }
        let start = try #require(try await lastSeen(used))
        // Used every day for three weeks: more than the idle lifetime, less than the whole one.
        for _ in 1...21 {
            clock.withLock { $0 += day }
            #expect(try await store.session(used) != nil)
            try await store.sessionUsed(used)
        }
        #expect(try await lastSeen(used) == start + 21 * day)
        #expect(try await store.session(left) == nil)
        #expect(AccountStore.idleLifetime == 14 * day)
        // The host keeps a session it has read: its use is written when an hour old, not on every request, and a
        // kept session left unused ends as one read afresh does.
        let sessions = AccountSessions(store: store, kept: CachedValues(limit: 10))
        let browser = try await store.startSession(for: account)
        let signedIn = clock.withLock { $0 }
        func at(_ seconds: TimeInterval) -> Date {
            clock.withLock { now in
                now = signedIn + seconds
                return now
            }
        }
        for minutes in [10.0, 50, 70, 100] {
            #expect(try await sessions.account(browser, now: at(minutes * 60)) != nil)
        }
        #expect(try await lastSeen(browser) == signedIn.timeIntervalSince1970 + 70 * 60)
        #expect(try await sessions.account(browser, now: at(70 * 60 + 13 * day)) != nil)
        #expect(try await sessions.account(browser, now: at(70 * 60 + 13 * day + 15 * day)) == nil)
    }

    @Test("login goes Home with a new session id (fixation), logout ends it on the server")
    func loginLogout() async throws {
        try await withAccounts { session, _ in
            let first = try await Self.signUp(session)
            let firstCookie = try #require(Self.sessionCookie(first))
            // Seen once, so the host keeps the session in memory: the logout must end that too.
            #expect(try await session.get("/accounts/home").status == .ok)
            let logout = try await session.post("/accounts/logout")
            #expect(logout.headers[.location] == "/accounts/login")
            #expect(try await session.get("/accounts/home").headers[.location]?.hasPrefix("/accounts/login") == true)
            // The old cookie, replayed, is worth nothing.
            let replayed = try await session.get(
                "/accounts/home",
                headers: [.cookie: String(firstCookie.prefix { $0 != ";" })]
            )
            #expect(replayed.status == .seeOther)
            // A session id planted before login is replaced at login.
            let planted = try await session.get("/accounts/login", headers: [.cookie: "atelier_account=planted"])
            #expect(planted.status == .ok)
            let login = try await session.post(
                "/accounts/login",
                form: [("email", "ana@example.com"), ("password", "secret!word")],
                headers: [.cookie: "atelier_account=planted"]
            )
            #expect(login.headers[.location] == "/accounts/home")
            let loginCookie = try #require(Self.sessionCookie(login))
            #expect(loginCookie != firstCookie && !loginCookie.contains("planted"))
            #expect(try await session.follow(login).text.contains("012-345 6789"))
        }
    }

    @Test("login: each message of the brief, and one message for a wrong pair whether or not the email exists")
    func loginMessages() async throws {
        try await withAccounts { session, _ in
            _ = try await Self.signUp(session)
            _ = try await session.post("/accounts/logout")
            func message(_ email: String, _ password: String) async throws -> String? {
                let page = try await session.post("/accounts/login", form: [("email", email), ("password", password)])
                return page.text.firstMatch(of: /id="login-problem" role="alert">([^<]*)</)?.1.description
            }
            #expect(try await message("", "") == "All fields are required")
            #expect(try await message("ana@", "secret!word") == "Email is not valid")
            #expect(
                try await message("ana@example.com", "short")
                    == "Password should contain one special character and minimum 8 characters required"
            )
            #expect(try await message("ana@example.com", "wrong!password") == "Email or password is incorrect")
            #expect(try await message("nobody@example.com", "wrong!password") == "Email or password is incorrect")
        }
    }

    @Test("five wrong passwords hold the account: a clear wait, even for the right password, and no enumeration")
    func rateLimit() async throws {
        try await withAccounts { session, _ in
            _ = try await Self.signUp(session)
            _ = try await session.post("/accounts/logout")
            for _ in 0..<5 {
                _ = try await session.post("/accounts/login", form: [("email", "ana@example.com"), ("password", "wrong!password")])
                _ = try await session.post("/accounts/login", form: [("email", "ghost@example.com"), ("password", "wrong!password")])
            }
            let held = try await session.post("/accounts/login", form: [("email", "ana@example.com"), ("password", "secret!word")])
            #expect(held.status == .tooManyRequests)
            #expect(
                held.text.contains("Too many attempts. Try again in 60 s.") || held.text.contains("Too many attempts. Try again in 59 s.")
            )
            let ghost = try await session.post("/accounts/login", form: [("email", "ghost@example.com"), ("password", "secret!word")])
            #expect(ghost.status == .tooManyRequests)
            let other = try await session.post("/accounts/login", form: [("email", "other@example.com"), ("password", "wrong!password")])
            #expect(other.text.contains("Email or password is incorrect"))
        }
    }

    @Test("Edit opens the number dialog; a good number saves with the brief's message, a bad one keeps what was typed")
    func editNumber() async throws {
        try await withAccounts { session, _ in
            _ = try await Self.signUp(session)
            let editing = try await session.get("/accounts/home?edit=mobile")
            #expect(editing.text.contains(#"aria-labelledby="mobile-dialog-title" open>"#))
            let refused = try await session.post("/accounts/mobile", form: [("mobile", "015-123 4567")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Mobile number is not valid") && refused.text.contains(#"value="015-123 4567""#))
            let saved = try await session.post("/accounts/mobile", form: [("mobile", "+60 11-1234 5678")])
            #expect(saved.headers[.location] == "/accounts/home?from=mobile")
            let home = try await session.follow(saved)
            #expect(home.text.contains(#"aria-controls="mobile-dialog" autofocus>"#))
            #expect(home.text.contains("Number was edited successfully"))
            #expect(home.text.contains(#"<span id="mobile-number">011-1234 5678</span>"#))
        }
    }

    @Test("every form post without the CSRF token is refused and changes nothing")
    func csrf() async throws {
        try await withAccounts { session, _ in
            let forged = try await session.post("/accounts/signup", form: Self.signup, csrf: false)
            #expect(forged.status == .forbidden)
            _ = try await Self.signUp(session)
            #expect(try await session.post("/accounts/mobile", form: [("mobile", "017 333 1234")], csrf: false).status == .forbidden)
            #expect(try await session.post("/accounts/logout", csrf: false).status == .forbidden)
            #expect(try await session.post("/accounts/delete", form: [("password", "secret!word")], csrf: false).status == .forbidden)
            #expect(try await session.get("/accounts/home").text.contains("012-345 6789"))
        }
    }

    @Test("Delete my account needs the password, and five wrong ones hold further tries like logins")
    func deleteAccount() async throws {
        try await withAccounts { session, _ in
            _ = try await Self.signUp(session)
            let wrong = try await session.post("/accounts/delete", form: [("password", "not!mine1")])
            #expect(wrong.status == .unprocessableContent && wrong.text.contains(AccountMessage.wrongConfirmation))
            for _ in 0..<4 { _ = try await session.post("/accounts/delete", form: [("password", "not!mine1")]) }
            let held = try await session.post("/accounts/delete", form: [("password", "secret!word")])
            #expect(held.status == .tooManyRequests && held.text.contains("Too many attempts. Try again in"))
            #expect(try await session.get("/accounts/home").status == .ok, "the account was kept")
        }
    }

    @Test("Delete my account with the right password removes the account and signs out")
    func deleteAccountConfirmed() async throws {
        try await withAccounts { session, _ in
            _ = try await Self.signUp(session)
            let deleted = try await session.post("/accounts/delete", form: [("password", "secret!word")])
            #expect(deleted.headers[.location] == "/accounts/login")
            let login = try await session.post(
                "/accounts/login",
                form: [("email", "ana@example.com"), ("password", "secret!word")],
                headers: [.cookie: "atelier_account=planted"]
            )
            #expect(login.text.contains("Email or password is incorrect"))
        }
    }

    @Test("the grid shows the twelve built-in images by default, served by the host as SVG")
    func builtinGrid() async throws {
        try await withAccounts { session, _ in
            _ = try await Self.signUp(session)
            let grid = try await session.get("/accounts/images")
            #expect(grid.text.components(separatedBy: #"<li class="image-tile">"#).count - 1 == 12)
            #expect(grid.text.contains(#"src="/accounts/images/builtin/1.svg""#))
            #expect(grid.headers[.contentSecurityPolicy]?.contains("img-src 'self' data:;") == true)
            let image = try await session.get("/accounts/images/builtin/12.svg")
            #expect(image.status == .ok && image.headers[.contentType] == "image/svg+xml" && image.text.hasPrefix("<svg"))
            #expect(try await session.get("/accounts/images/builtin/13.svg").status == .notFound)
        }
    }

    @Test(
        "a Flickr feed and a Picsum list from a real server fill the grid; a failing source says so, keeps the last list and offers Retry"
    )
    func configuredSource() async throws {
        let flickr =
            #"{"items": [{"title": "Ana\'s <cat>", "link": "https://flickr.com/p/1", "media": {"m": "https://live.staticflickr.com/1_m.jpg"}}]}"#
        let server = try await ImageListServer(body: flickr)
        defer { Task { await server.stop() } }
        try await withAccounts(images: server.url) { session, _ in
            _ = try await Self.signUp(session)
            let grid = try await session.get("/accounts/images")
            #expect(grid.text.contains(#"<img src="https://live.staticflickr.com/1_m.jpg" alt="Ana&#39;s &lt;cat&gt;""#))
            #expect(grid.headers[.contentSecurityPolicy]?.contains("img-src 'self' data: https: http:;") == true)
            #expect(grid.headers[.contentSecurityPolicy]?.contains("script-src 'self';") == true)
            server.set(
                status: 200,
                body:
                    #"[{"id":"10","author":"Paul Jarvis","width":2500,"height":1667,"url":"https://unsplash.com/photos/6J--NXulQCs","download_url":"https://picsum.photos/id/10/2500/1667"}]"#
            )
            let picsum = try await session.get("/accounts/images")
            #expect(picsum.text.contains(#"src="https://picsum.photos/id/10/2500/1667" alt="Photo by Paul Jarvis""#))
            server.set(status: 500, body: "oops")
            let failed = try await session.get("/accounts/images")
            #expect(failed.text.contains("The images could not be loaded: the source answered 500."))
            #expect(failed.text.contains(#"id="retry-images">Retry</a>"#))
            #expect(failed.text.contains("https://picsum.photos/id/10/2500/1667"))
        }
    }
}

@Suite("Accounts changed by another process")
struct AccountsOutsideChangeTests {
    @Test("an account the CLI deletes is announced with its id, and its open session ends at once")
    func outsideDelete() async throws {
        try await withTestShell(features: [AccountsFeature()], setup: .live) { session, parts in
            let seen = Mutex<[AccountsChanged]>([])
            let observation = parts.bus.addObserver(for: AccountsChanged.self) { message in seen.withLock { $0.append(message) } }
            let home = try await session.follow(try await AccountsRoutesTests.signUp(session))
            #expect(home.text.contains("Delete my account"))
            // Another process: its own connection, and another origin in the change log.
            let pool = try DatabasePool(
                path: parts.directory.dataDirectory.databasePath(named: FeatureDescriptor.accounts.id),
                configuration: FeatureDatabase.configuration()
            )
            defer { try? pool.close() }
            let id = try await pool.write { db in
                let id = try #require(try Int64.fetchOne(db, sql: "SELECT id FROM accounts_user WHERE emailKey = 'ana@example.com'"))
                try db.execute(sql: "DELETE FROM accounts_user WHERE id = ?", arguments: [id])
                try db.execute(sql: "INSERT INTO kernel_change (kind, entityID, origin) VALUES ('deleted', ?, -2)", arguments: [id])
                return id
            }
            try await eventually("the deletion is announced") {
                seen.withLock { $0 }.contains(AccountsChanged(.deleted, ids: [id]))
            }
            let after = try await session.get("/accounts/home")
            #expect(after.status == .seeOther)
            #expect(after.headers[.location]?.hasPrefix("/accounts/login") == true)
            withExtendedLifetime(observation) {}
        }
    }
}
