import Hummingbird
import Kernel
import KernelAPI
import KernelText
import Logging
import OpenAPIRuntime

/// The inbox's JSON API (`/api/v1/notices…`, the `inbox` part of the host's OpenAPI document), on the server protocol
/// generated from it (`Generated/`): the same notices and "Mark all as read" as the inbox page.
struct InboxAPI: APIProtocol {
    let notices: NoticeCenter
    let unread: UnreadNoticeCount
    let hub: LiveEventHub
    let logger: Logger

    /// Registers the operations on `routes` (the `/api/v1` group).
    func add(to routes: RouterGroup<AppRequestContext>) {
        APIRouter.mount(on: routes, logger: logger) {
            try registerHandlers(on: $0, configuration: $1, middlewares: $2)
        }
    }

    func listNotices(_ input: Operations.ListNotices.Input) async throws -> Operations.ListNotices.Output {
        let inbox = try await notices.inbox(of: APIRequest.person)
        let count = try await notices.unreadCount(of: APIRequest.person)
        return .ok(.init(body: .json(.init(notices: inbox.map(Self.notice), unread: count))))
    }

    func markNoticesRead(_ input: Operations.MarkNoticesRead.Input) async throws -> Operations.MarkNoticesRead.Output {
        try await notices.markAllRead(of: APIRequest.person)
        await unread.inboxChanged(of: APIRequest.person, announcingTo: hub)
        return .noContent(.init())
    }

    static func notice(_ notice: Notice) -> Components.Schemas.Notice {
        .init(
            id: notice.id ?? 0,
            app: notice.featureID,
            title: notice.displayTitle,
            body: Moment.words(notice.body),
            link: notice.link,
            deliveredAt: notice.deliveredAt ?? notice.deliverAt,
            read: notice.readAt != nil
        )
    }
}
