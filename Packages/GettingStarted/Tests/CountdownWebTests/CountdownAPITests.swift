import CountdownWeb
import Foundation
import HTTPTypes
import Kernel
import KernelTestSupport
import Testing

@Suite("Countdown JSON API")
struct CountdownAPITests {
    static let program: HTTPFields = [.authorization: "Bearer test"]

    static func object(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("the API refuses what the page's form refuses, in its words, and starts what it starts; the page lists it")
    func startAsThePageDoes() async throws {
        try await withTestShell(features: [CountdownFeature()], featureSettings: CountdownRoutesTests.settings) { session, _ in
            let refused = try await session.api(
                .post,
                "/api/v1/countdowns",
                json: #"{"hours": 0, "minutes": 0, "label": "bad\u0007"}"#,
                headers: Self.program
            )
            #expect(refused.status == .unprocessableContent)
            let errors = try #require(try Self.object(refused.text)["errors"] as? [[String: String]])
            #expect(
                errors == [
                    ["field": "minutes", "message": "Set at least one minute."],
                    ["field": "label", "message": "The label can’t contain control characters."],
                ]
            )
            let tooMany = try await session.api(.post, "/api/v1/countdowns", json: #"{"hours": 100}"#, headers: Self.program)
            #expect(
                try Self.object(tooMany.text)["errors"] as? [[String: String]] == [
                    ["field": "hours", "message": "Enter hours from 0 to 99."]
                ]
            )
            let started = try await session.api(
                .post,
                "/api/v1/countdowns",
                json: #"{"hours": 1, "minutes": 30, "label": " Tea <b> "}"#,
                headers: Self.program
            )
            #expect(started.status == .created)
            let countdown = try Self.object(started.text)
            let id = try #require(countdown["id"] as? Int)
            #expect(started.headers[.location] == "/api/v1/countdowns/\(id)")
            #expect(countdown["title"] as? String == "Tea <b>" && countdown["seconds"] as? Int == 5_400)
            #expect(countdown["finished"] as? Bool == false)
            #expect(try await session.get("/countdown").text.contains(#"<div class="row-title">Tea &lt;b&gt;</div>"#))
            let listed = try #require(
                try Self.object(try await session.api(.get, "/api/v1/countdowns").text)["countdowns"] as? [[String: Any]]
            )
            #expect(listed.map { $0["id"] as? Int } == [id])
        }
    }

    @Test("cancelling through the API stops the countdown on the page; again, it says it already was")
    func cancel() async throws {
        try await withTestShell(features: [CountdownFeature()], featureSettings: CountdownRoutesTests.settings) { session, _ in
            let started = try await session.api(
                .post,
                "/api/v1/countdowns",
                json: #"{"minutes": 5, "label": "Eggs"}"#,
                headers: Self.program
            )
            let id = try #require(try Self.object(started.text)["id"] as? Int)
            #expect(try await session.get("/countdown").text.contains("Eggs"))
            #expect(try await session.api(.delete, "/api/v1/countdowns/\(id)", headers: Self.program).status == .noContent)
            #expect(!(try await session.get("/countdown")).text.contains("Eggs"))
            let again = try await session.api(.delete, "/api/v1/countdowns/\(id)", headers: Self.program)
            #expect(again.status == .notFound)
            #expect(try Self.object(again.text)["title"] as? String == "That countdown was already cancelled.")
            #expect(try await session.api(.get, "/api/v1/countdowns/\(id)").status == .notFound)
        }
    }
}
