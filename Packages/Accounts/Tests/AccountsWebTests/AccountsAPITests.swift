import Foundation
import HTTPTypes
import KernelTestSupport
import Testing

@Suite("Accounts JSON API")
struct AccountsAPITests {
    static let program: HTTPFields = [.authorization: "Bearer test"]
    static let ana = #"""
        {"email": "Ana@Example.com", "password": "secret!word", "firstName": "Ana", "lastName": "Lim",
         "mobile": "012 345 6789", "gender": "female"}
        """#

    static func object(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func signedIn(_ token: String) -> HTTPFields {
        var fields = program
        fields[HTTPField.Name("X-Account-Session")!] = token
        return fields
    }

    @Test("sign-up refuses with the brief's sentence beside its field, then answers a session that Home's operations take")
    func signUpAndHome() async throws {
        try await AccountsRoutesTests().withAccounts { session, _ in
            let refused = try await session.api(
                .post,
                "/api/v1/accounts/signup",
                json: Self.ana.replacingOccurrences(of: "012 345 6789", with: "12"),
                headers: Self.program
            )
            #expect(refused.status == .unprocessableContent)
            #expect(
                try Self.object(refused.text)["errors"] as? [[String: String]] == [
                    ["field": "mobile", "message": "Mobile number is not valid"]
                ]
            )
            let incomplete = try await session.api(
                .post,
                "/api/v1/accounts/signup",
                json: Self.ana.replacingOccurrences(of: "Ana@Example.com", with: ""),
                headers: Self.program
            )
            #expect(
                try Self.object(incomplete.text)["errors"] as? [[String: String]] == [
                    ["field": "email", "message": "Please complete the form"]
                ],
                "the field the page marks"
            )
            let signedUp = try await session.api(.post, "/api/v1/accounts/signup", json: Self.ana, headers: Self.program)
            #expect(signedUp.status == .created)
            let token = try #require(try Self.object(signedUp.text)["token"] as? String)
            let again = try await session.api(.post, "/api/v1/accounts/signup", json: Self.ana, headers: Self.program)
            #expect(
                try Self.object(again.text)["errors"] as? [[String: String]] == [["field": "email", "message": "Email already exists"]]
            )

            let signedOut = try await session.api(.get, "/api/v1/accounts/me", headers: Self.program)
            #expect(signedOut.status == .unauthorized)
            let read = try await session.api(.get, "/api/v1/accounts/me", headers: Self.signedIn(token))
            let etag = try #require(read.headers[.eTag])
            #expect(!etag.contains("345"), "the ETag does not carry the number")
            let me = try Self.object(read.text)
            #expect(me["displayName"] as? String == "Ana Lim" && me["mobile"] as? String == "012-345 6789")

            let badNumber = try await session.api(
                .put,
                "/api/v1/accounts/me/mobile",
                json: #"{"mobile": "999"}"#,
                headers: Self.signedIn(token)
            )
            #expect(badNumber.status == .unprocessableContent)
            #expect(try Self.object(badNumber.text)["title"] as? String == "Mobile number is not valid")
            let changed = try await session.api(
                .put,
                "/api/v1/accounts/me/mobile",
                json: #"{"mobile": "+60 11 2345 6789"}"#,
                headers: Self.signedIn(token)
            )
            #expect(try Self.object(changed.text)["mobile"] as? String == "011-2345 6789")
            var stale = Self.signedIn(token)
            stale[.ifMatch] = etag
            let refused412 = try await session.api(.put, "/api/v1/accounts/me/mobile", json: #"{"mobile": "012 345 6789"}"#, headers: stale)
            #expect(refused412.status == .preconditionFailed)
            #expect(
                try Self.object(try await session.api(.get, "/api/v1/accounts/me", headers: Self.signedIn(token)).text)["mobile"] as? String
                    == "011-2345 6789"
            )

            let images = try Self.object(try await session.api(.get, "/api/v1/accounts/images", headers: Self.signedIn(token)).text)
            let first = try #require((images["images"] as? [[String: Any]])?.first)
            #expect((first["url"] as? String)?.hasPrefix("/accounts/images/builtin/") == true)

            #expect(try await session.api(.post, "/api/v1/accounts/logout", headers: Self.signedIn(token)).status == .noContent)
            #expect(try await session.api(.get, "/api/v1/accounts/me", headers: Self.signedIn(token)).status == .unauthorized)
            #expect(try await session.api(.get, "/api/v1/accounts/images", headers: Self.signedIn(token)).status == .unauthorized)
        }
    }

    @Test("a password change wants the current one and the rule, answers a new session and ends the others; so does log out everywhere")
    func changePasswordAndLogOutEverywhere() async throws {
        try await AccountsRoutesTests().withAccounts { session, _ in
            let first = try await session.api(.post, "/api/v1/accounts/signup", json: Self.ana, headers: Self.program)
            let phone = try #require(try Self.object(first.text)["token"] as? String)
            let login = #"{"email": "ana@example.com", "password": "secret!word"}"#
            let second = try await session.api(.post, "/api/v1/accounts/login", json: login, headers: Self.program)
            let laptop = try #require(try Self.object(second.text)["token"] as? String)

            let wrong = try await session.api(
                .post,
                "/api/v1/accounts/me/password",
                json: #"{"current": "not!theword", "password": "better!word"}"#,
                headers: Self.signedIn(phone)
            )
            #expect(wrong.status == .unprocessableContent)
            #expect(
                try Self.object(wrong.text)["errors"] as? [[String: String]] == [
                    ["field": "current", "message": "That is not your current password, so it was not changed"]
                ]
            )
            let weak = try await session.api(
                .post,
                "/api/v1/accounts/me/password",
                json: #"{"current": "secret!word", "password": "short"}"#,
                headers: Self.signedIn(phone)
            )
            #expect(
                try Self.object(weak.text)["errors"] as? [[String: String]] == [
                    ["field": "password", "message": "Password should contain one special character and minimum 8 character required"]
                ]
            )
            let changed = try await session.api(
                .post,
                "/api/v1/accounts/me/password",
                json: #"{"current": "secret!word", "password": "better!word"}"#,
                headers: Self.signedIn(phone)
            )
            #expect(changed.status == .ok)
            let renewed = try #require(try Self.object(changed.text)["token"] as? String)
            #expect(renewed != phone)
            for ended in [phone, laptop] {
                #expect(try await session.api(.get, "/api/v1/accounts/me", headers: Self.signedIn(ended)).status == .unauthorized)
            }
            #expect(try await session.api(.get, "/api/v1/accounts/me", headers: Self.signedIn(renewed)).status == .ok)

            let again = try await session.api(
                .post,
                "/api/v1/accounts/login",
                json: #"{"email": "ana@example.com", "password": "better!word"}"#,
                headers: Self.program
            )
            let other = try #require(try Self.object(again.text)["token"] as? String)
            let out = try await session.api(.post, "/api/v1/accounts/logout-everywhere", headers: Self.signedIn(renewed))
            #expect(out.status == .noContent)
            for ended in [renewed, other] {
                #expect(try await session.api(.get, "/api/v1/accounts/me", headers: Self.signedIn(ended)).status == .unauthorized)
            }
            let twice = try await session.api(.post, "/api/v1/accounts/logout-everywhere", headers: Self.signedIn(renewed))
            #expect(twice.status == .unauthorized)
        }
    }

    @Test("login answers the brief's sentences and shares the page's throttle; deleting wants the password")
    func logInAndDelete() async throws {
        try await AccountsRoutesTests().withAccounts { session, _ in
            _ = try await session.api(.post, "/api/v1/accounts/signup", json: Self.ana, headers: Self.program)
            let malformed = try await session.api(
                .post,
                "/api/v1/accounts/login",
                json: #"{"email": "ana", "password": "x"}"#,
                headers: Self.program
            )
            #expect(
                try Self.object(malformed.text)["errors"] as? [[String: String]] == [["field": "email", "message": "Email is not valid"]]
            )
            let wrong = try await session.api(
                .post,
                "/api/v1/accounts/login",
                json: #"{"email": "ana@example.com", "password": "wrong!password"}"#,
                headers: Self.program
            )
            #expect(wrong.status == .unauthorized)
            #expect(try Self.object(wrong.text)["title"] as? String == "Email or password is incorrect")
            let loggedIn = try await session.api(
                .post,
                "/api/v1/accounts/login",
                json: #"{"email": " ana@example.com ", "password": "secret!word"}"#,
                headers: Self.program
            )
            #expect(loggedIn.status == .ok)
            let token = try #require(try Self.object(loggedIn.text)["token"] as? String)

            let kept = try await session.api(
                .post,
                "/api/v1/accounts/me/delete",
                json: #"{"password": "wrong!password"}"#,
                headers: Self.signedIn(token)
            )
            #expect(kept.status == .unprocessableContent)
            #expect(try Self.object(kept.text)["title"] as? String == "That password is not right, so the account was kept")
            let deleted = try await session.api(
                .post,
                "/api/v1/accounts/me/delete",
                json: #"{"password": "secret!word"}"#,
                headers: Self.signedIn(token)
            )
            #expect(deleted.status == .noContent)
            #expect(try await session.api(.get, "/api/v1/accounts/me", headers: Self.signedIn(token)).status == .unauthorized)

            // Wrong passwords through the API hold the page's login too.
            for _ in 0..<5 {
                _ = try await session.api(
                    .post,
                    "/api/v1/accounts/login",
                    json: #"{"email": "bo@example.com", "password": "wrong!password"}"#,
                    headers: Self.program
                )
            }
            let held = try await session.api(
                .post,
                "/api/v1/accounts/login",
                json: #"{"email": "bo@example.com", "password": "wrong!password"}"#,
                headers: Self.program
            )
            #expect(held.status == .tooManyRequests)
            #expect(held.headers[.retryAfter].flatMap(Int.init).map { (59...60).contains($0) } == true)
            let page = try await session.post("/accounts/login", form: [("email", "bo@example.com"), ("password", "wrong!password")])
            #expect(page.status == .tooManyRequests)
        }
    }
}
