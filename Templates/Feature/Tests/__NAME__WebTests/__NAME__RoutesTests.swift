import KernelTestSupport
import Testing
import __NAME__
import __NAME__Web

@Suite("__TITLE__ pages")
struct __NAME__RoutesTests {
    func with__NAME__(_ test: @Sendable (WebTestSession, TestShellParts) async throws -> Void) async throws {
        try await withTestShell(features: [__NAME__Feature()], test)
    }

    /// The titles in the order the page lists them.
    static func titles(in html: String) -> [String] {
        html.components(separatedBy: #"<span class="row-title">"#).dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test("a new page shows the empty state and the add form")
    func empty() async throws {
        try await with__NAME__ { session, _ in
            let page = try await session.get("/__ID__")
            #expect(page.status == .ok)
            #expect(page.text.contains("Nothing here yet."))
            // The feature's stylesheet, under a name that changes with its contents (cached for good).
            let stylesheet = #"<link rel="stylesheet" href="/static/__ID__/__ID__\.[0-9a-f]{16}\.css">"#
            #expect(page.text.range(of: stylesheet, options: .regularExpression) != nil)
        }
    }

    @Test("adding an entry lists it first and says so")
    func add() async throws {
        try await with__NAME__ { session, _ in
            _ = try await session.post("/__ID__", form: [("title", "Older")])
            let response = try await session.post("/__ID__", form: [("title", "Newer <b>&amp;</b>")])
            #expect(response.status == .seeOther)
            let page = try await session.follow(response)
            #expect(Self.titles(in: page.text) == ["Newer &lt;b&gt;&amp;amp;&lt;/b&gt;", "Older"])
            #expect(page.text.contains("Added “Newer &lt;b&gt;"))
        }
    }

    @Test("an empty title is refused beside the field, keeping what was typed")
    func refused() async throws {
        try await with__NAME__ { session, _ in
            let response = try await session.post("/__ID__", form: [("title", "   ")])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("Give the entry a title."))
            #expect(response.text.contains(#"value="   ""#))
        }
    }

    @Test("a post without the CSRF token is refused and changes nothing")
    func csrf() async throws {
        try await with__NAME__ { session, _ in
            let response = try await session.post("/__ID__", form: [("title", "Forged")], csrf: false)
            #expect(response.status == .forbidden)
            #expect(Self.titles(in: try await session.get("/__ID__").text).isEmpty)
        }
    }

    @Test("past a page of entries, Older shows the next ones")
    func older() async throws {
        try await with__NAME__ { session, _ in
            for number in 1...(__NAME__Repository.pageSize + 2) { _ = try await session.post("/__ID__", form: [("title", "E\(number)")]) }
            let first = try await session.get("/__ID__")
            #expect(Self.titles(in: first.text).count == __NAME__Repository.pageSize)
            let cursor = try #require(first.text.firstMatch(of: /href="\/__ID__\?before=(\d+)"/)?.1)
            let second = try await session.get("/__ID__?before=\(cursor)")
            #expect(Self.titles(in: second.text) == ["E2", "E1"])
        }
    }

    @Test("deleting an entry removes it from the list")
    func delete() async throws {
        try await with__NAME__ { session, _ in
            let added = try await session.follow(try await session.post("/__ID__", form: [("title", "Remove me")]))
            let id = try #require(added.text.firstMatch(of: /id="entry-(\d+)"/)?.1)
            let response = try await session.post("/__ID__/\(id)/delete")
            #expect(response.status == .seeOther)
            #expect(Self.titles(in: try await session.follow(response).text).isEmpty)
        }
    }
}
