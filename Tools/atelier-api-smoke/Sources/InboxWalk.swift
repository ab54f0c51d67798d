/// The inbox's operations: the notices and their unread count, then "Mark all as read".
struct InboxWalk {
    let client: Client

    func run() async throws {
        let inbox = try await client.listNotices().ok.body.json
        try expect(
            inbox.unread == inbox.notices.filter { !$0.read }.count || inbox.notices.count == 100,
            "inbox: \(inbox.notices.count) notices, \(inbox.unread) unread"
        )
        _ = try await client.markNoticesRead().noContent
        try expect(try await client.listNotices().ok.body.json.unread == 0, "inbox: mark all as read leaves none unread")
    }
}
