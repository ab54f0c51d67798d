import Foundation
import Hummingbird
import Kernel
import KernelEvents
import KernelText
import NIOCore
import ServiceLifecycle

/// The shell's own pages: the launcher, the notice inbox (each notice removable, with Undo), the live-events stream
/// and a health check.
struct ShellRoutes {
    let pages: PageRenderer
    let notices: NoticeCenter
    let unread: UnreadNoticeCount
    let hub: LiveEventHub
    let bus: EventBus

    func add(to router: Router<AppRequestContext>) {
        // The launcher never changes while the host runs: render it once.
        let launcher = ShellPages.launcher(pages.navigation)
        router.get("/") { request, context in
            await pages.page(title: "Apps", featureID: nil, body: launcher, request: request, context: context)
        }
        router.get("/inbox") { request, context in
            let inbox = try await notices.inbox(of: context.person).map(InboxRow.init)
            let body = ShellPages.inbox(inbox, csrfToken: context.csrfToken)
            return await pages.page(title: "Inbox", featureID: "inbox", body: body, request: request, context: context)
        }
        router.get("/inbox/rows") { _, context in
            PageRenderer.html(ShellPages.inboxRows(try await notices.inbox(of: context.person).map(InboxRow.init)))
        }
        router.post("/inbox/read") { _, context in
            try await notices.markAllRead(of: context.person)
            await unread.inboxChanged(of: context.person, announcingTo: hub)
            return pages.redirect(to: "/inbox", flash: Flash(.success, "All notices marked as read."))
        }
        router.post("/inbox/:id/remove") { request, context in
            guard let id = context.parameters.get("id", as: Int64.self),
                let notice = try await notices.remove(id: id, of: context.person)
            else {
                return pages.redirect(to: "/inbox", flash: Flash(.error, "That notice is no longer in the inbox."), for: request)
            }
            await unread.inboxChanged(of: context.person, announcingTo: hub)
            return pages.redirect(
                to: "/inbox",
                flash: Flash(.info, "Removed “\(notice.displayTitle)”.", actionLabel: "Undo", actionPath: "/inbox/\(id)/restore"),
                for: request
            )
        }
        router.post("/inbox/:id/restore") { request, context in
            guard let id = context.parameters.get("id", as: Int64.self),
                let notice = try await notices.putBack(id: id, of: context.person)
            else {
                return pages.redirect(to: "/inbox", flash: Flash(.error, "That notice can no longer be put back."), for: request)
            }
            await unread.inboxChanged(of: context.person, announcingTo: hub)
            return pages.redirect(
                to: "/inbox#notice-\(id)",
                flash: Flash(.success, "Put “\(notice.displayTitle)” back."),
                for: request
            )
        }
        router.get("/events") { _, context in
            Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                body: ResponseBody { writer in
                    // Subscribed only once the body is written: a HEAD, which never writes it, leaves nothing behind.
                    // The unread count first: a page whose connection comes back (the host restarted, delivering
                    // notices while it was away) shows the right badge again.
                    let subscription = hub.subscribe(
                        for: context.person,
                        greeting: LiveEventHub.unreadEvent(await unread.value(for: context.person))
                    )
                    defer { subscription.cancel() }
                    // The server waits for open connections before the hub hears of shutdown, so the stream ends
                    // itself when the server starts shutting down.
                    try await withGracefulShutdownHandler {
                        for await chunk in subscription.stream {
                            try await writer.write(ByteBuffer(string: chunk))
                        }
                    } onGracefulShutdown: {
                        subscription.cancel()
                    }
                    try await writer.finish(nil)
                }
            )
        }
        router.get("/diagnostics") { request, context in
            let rows = bus.registrations().map { registration in
                ShellPages.DiagnosticsRow(
                    order: registration.order,
                    name: registration.name.rawValue,
                    kind: registration.kind.rawValue
                )
            }
            let body = ShellPages.diagnostics(
                liveSubscribers: hub.subscriberCount,
                registrations: rows,
                forwarded: hub.forwardedNames.map(\.rawValue)
            )
            return await pages.page(title: "Diagnostics", featureID: nil, body: body, request: request, context: context)
        }
        router.get("/health") { _, _ in
            "ok"
        }
    }
}

struct InboxRow {
    let id: Int64
    let title: String
    let body: String
    let link: String?
    let when: String
    let whenISO: String
    let unread: Bool

    init(_ notice: Notice) {
        id = notice.id ?? 0
        title = notice.displayTitle
        body = notice.body
        link = notice.link.flatMap(Notice.inAppLink)
        let date = notice.deliveredAt ?? notice.deliverAt
        when = DisplayDate.dayAndTime(date)
        whenISO = DisplayDate.iso(date)
        unread = notice.readAt == nil
    }
}
