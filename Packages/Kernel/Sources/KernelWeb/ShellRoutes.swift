import Foundation
import Hummingbird
import Kernel
import KernelBus
import NIOCore
import ServiceLifecycle

/// The shell's own pages: the launcher, the notice inbox, the live-events stream and a health check.
struct ShellRoutes {
    let pages: PageRenderer
    let notices: NoticeCenter
    let unread: UnreadNoticeCount
    let hub: LiveEventHub
    let bus: NotificationBus

    func add(to router: Router<AppRequestContext>) {
        // The launcher never changes while the host runs: render it once.
        let launcher = ShellPages.launcher(pages.navigation)
        router.get("/") { request, context in
            pages.page(title: "Apps", featureID: nil, body: launcher, request: request, context: context)
        }
        router.get("/inbox") { request, context in
            let inbox = try await notices.inbox().map(InboxRow.init)
            let body = ShellPages.inbox(inbox, csrfToken: context.csrfToken)
            return pages.page(title: "Inbox", featureID: "inbox", body: body, request: request, context: context)
        }
        router.post("/inbox/read") { _, _ in
            try await notices.markAllRead()
            await unread.refresh()
            return pages.redirect(to: "/inbox", flash: Flash(.success, "All notices marked as read."))
        }
        router.get("/events") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                body: ResponseBody { writer in
                    // Subscribed only once the body is written: a HEAD, which never writes it, leaves nothing behind.
                    // The unread count first: a page whose connection comes back (the host restarted, delivering
                    // notices while it was away) shows the right badge again.
                    let subscription = hub.subscribe(greeting: "event: unread\ndata: {\"unread\":\(unread.value)}\n\n")
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
                    name: registration.name?.rawValue ?? "(every name)",
                    kind: "\(registration.kind)",
                    delivery: "\(registration.delivery)",
                    object: registration.observesSpecificObject ? "one object" : "any"
                )
            }
            let body = ShellPages.diagnostics(
                liveSubscribers: hub.subscriberCount,
                registrations: rows,
                forwarded: hub.forwardedNames.map(\.rawValue)
            )
            return pages.page(title: "Diagnostics", featureID: nil, body: body, request: request, context: context)
        }
        router.get("/health") { _, _ in
            "ok"
        }
    }
}

struct InboxRow {
    let title: String
    let body: String
    let link: String?
    let when: String
    let whenISO: String
    let unread: Bool

    init(_ notice: Notice) {
        title = notice.displayTitle
        body = notice.body
        link = notice.link.flatMap(Notice.inAppLink)
        let date = notice.deliveredAt ?? notice.deliverAt
        when = DisplayDate.dayAndTime(date)
        whenISO = DisplayDate.iso(date)
        unread = notice.readAt == nil
    }
}
