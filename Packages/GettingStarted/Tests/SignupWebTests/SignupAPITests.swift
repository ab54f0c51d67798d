import Foundation
import HTTPTypes
import KernelTestSupport
import SignupWeb
import Testing

@Suite("Sign-up JSON API")
struct SignupAPITests {
    static let program: HTTPFields = [.authorization: "Bearer test"]

    static func object(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("the check refuses what the form refuses, in its words, and answers a good draft as the page's JSON")
    func check() async throws {
        try await withTestShell(features: [SignupFeature()]) { session, _ in
            let refused = try await session.api(
                .post,
                "/api/v1/signup/check",
                json: #"{"firstName": "  ", "lastName": "Lovelace", "dateOfBirth": "31/02/1990", "password": "abc"}"#,
                headers: Self.program
            )
            #expect(refused.status == .unprocessableContent)
            let errors = try #require(try Self.object(refused.text)["errors"] as? [[String: String]])
            #expect(
                errors == [
                    ["field": "firstName", "message": "Enter your first name."],
                    ["field": "dateOfBirth", "message": "That day does not exist in the calendar."],
                    ["field": "password", "message": "Use at least 5 characters for the password."],
                ]
            )
            let checked = try await session.api(
                .post,
                "/api/v1/signup/check",
                json: #"{"firstName": " Ada ", "lastName": "Lovelace", "dateOfBirth": "10/12/1985", "password": "analytical"}"#,
                headers: Self.program
            )
            #expect(checked.status == .ok)
            #expect(
                checked.text == #"{"dateOfBirth":"1985-12-10","firstName":"Ada","lastName":"Lovelace","password":"••••••••"}"#
            )
        }
    }
}
