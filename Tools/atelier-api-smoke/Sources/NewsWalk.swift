/// The news reader's operations: refresh, the headlines newest first, one story.
struct NewsWalk {
    let client: Client

    func run() async throws {
        let refreshed = try await client.refreshNews().ok.body.json
        try expect(!refreshed.message.isEmpty, "news: refresh says \"\(refreshed.message)\"")
        let page = try await client.listHeadlines().ok.body.json
        try expect(!page.status.isEmpty, "news: \(page.headlines.count) headlines, \"\(page.status)\"")
        guard let first = page.headlines.first else { return }
        let story = try await client.getHeadline(path: .init(id: first.id)).ok.body.json
        try expect(story.headline == first.headline && story.date.contains(" "), "news: a story by its id, dated \(story.date)")
    }
}
