import Foundation
import HTTPTypes
import Hummingbird
import Kernel
import KernelHTML

/// Renders pages in the shared layout: the header with every enabled feature, flash messages, the CSRF token for
/// forms, and the live-events script.
public struct PageRenderer: Sendable {
    /// One entry of the header and the launcher.
    public struct NavigationItem: Sendable {
        /// The feature's id.
        public let id: String
        /// The feature's title.
        public let title: String
        /// The feature's icon.
        public let icon: String
        /// The feature's one-sentence summary.
        public let summary: String
        /// The tint's name, a CSS class suffix.
        public let tint: String
        /// The feature's home path, `/<id>`.
        public let path: String

        init(id: String, title: String, icon: String, summary: String, tint: String) {
            self.id = id
            self.tint = tint
            self.title = title
            self.icon = icon
            self.summary = summary
            self.path = "/\(id)"
        }
    }

    /// The enabled features, in registry order.
    public let navigation: [NavigationItem]
    /// The feature whose pages this renderer draws (highlighted in the header), if any.
    public private(set) var featureID: String?
    private let layout: Layout
    private let unread: UnreadNoticeCount
    private let flashSeal: FlashSeal

    init(
        navigation: [NavigationItem],
        assets: StaticAssets,
        unread: UnreadNoticeCount,
        flashSeal: FlashSeal
    ) {
        self.navigation = navigation
        self.layout = Layout(navigation: navigation, assets: assets)
        self.unread = unread
        self.flashSeal = flashSeal
    }

    /// A complete HTML page with `body` inside the layout.
    public func page(
        title: String,
        featureID: String?,
        body: HTML,
        request: Request,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async -> Response {
        let flashCookie = context.cookie(Flash.cookieName)
        let (head, tail) = await layoutParts(title: title, featureID: featureID, flashCookie: flashCookie, context: context)
        return clearingFlash(Self.html("\(head)\(body)\(tail)", status: status), flashCookie: flashCookie)
    }

    /// A page of this renderer's feature whose body is `before`, then `rendered` (sent as it is, without copying),
    /// then `after`: for a page whose largest part stays the same across requests (a list's rows until they change).
    public func page(
        _ title: String,
        before: HTML,
        rendered: RenderedHTML,
        after: HTML,
        request: Request,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async -> Response {
        let flashCookie = context.cookie(Flash.cookieName)
        let (head, tail) = await layoutParts(title: title, featureID: featureID, flashCookie: flashCookie, context: context)
        var opening = ByteBuffer()
        opening.reserveCapacity(head.bytes.count + before.bytes.count)
        opening.writeBytes(head.bytes)
        opening.writeBytes(before.bytes)
        var closing = ByteBuffer()
        closing.reserveCapacity(after.bytes.count + tail.bytes.count)
        closing.writeBytes(after.bytes)
        closing.writeBytes(tail.bytes)
        let response = Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(contentsOf: [opening, rendered.buffer, closing])
        )
        return clearingFlash(response, flashCookie: flashCookie)
    }

    /// The layout before and after a page's body, with the flash message the request carries (its cookie
    /// `flashCookie`) if this host sealed it.
    private func layoutParts(
        title: String,
        featureID: String?,
        flashCookie: String?,
        context: AppRequestContext
    ) async -> (head: HTML, tail: HTML) {
        var flash: Flash?
        if let flashCookie, !flashCookie.isEmpty {
            flash = flashSeal.flash(fromCookie: flashCookie)
        }
        return layout.parts(
            title: title,
            featureID: featureID,
            csrfToken: context.csrfToken,
            flash: flash,
            unread: await unread.value(for: context.person)
        )
    }

    /// `response`, clearing the flash cookie (`flashCookie`, the request's) once the page has shown it.
    private func clearingFlash(_ response: Response, flashCookie: String?) -> Response {
        var response = response
        if flashCookie != nil {
            response.setCookie(Flash.clearingCookie)
        }
        return response
    }

    /// The same renderer, drawing the pages of feature `id`. Each feature's routes get one (`WebContext.pages`).
    public func scoped(to id: String) -> PageRenderer {
        var scoped = self
        scoped.featureID = id
        return scoped
    }

    /// A page of this renderer's feature: `body` inside the layout.
    public func page(
        _ title: String,
        body: HTML,
        request: Request,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async -> Response {
        await page(title: title, featureID: featureID, body: body, request: request, context: context, status: status)
    }

    /// A 303 redirect to `path`, carrying `flash` to the next page.
    public func redirect(to path: String, flash: Flash? = nil) -> Response {
        var response = Response(status: .seeOther, headers: [.location: path])
        if let flash { response.setCookie(flashSeal.cookie(for: flash)) }
        return response
    }

    /// The answer to a form post: a 303 redirect to `path` carrying `flash` — or, when the page's script sent the
    /// form itself and asked for JSON (`Accept: application/json`, see `data-inline` in `app.js`), the flash alone as
    /// JSON (`kind`, `message`, `actionLabel`, `actionPath`, `location`), so that the page updates in place instead
    /// of loading again. Plain HTML forms (no script) get the redirect.
    public func redirect(to path: String, flash: Flash, for request: Request) -> Response {
        guard Self.wantsJSON(request) else { return redirect(to: path, flash: flash) }
        let answer = InlineAnswer(flash: flash, location: path)
        let json = (try? JSONEncoder().encode(answer)) ?? Data("{}".utf8)
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: json))
        )
    }

    /// Whether the request asks for JSON rather than a page.
    static func wantsJSON(_ request: Request) -> Bool {
        request.headers[.accept]?.contains("application/json") ?? false
    }

    /// A friendly error page for `status`; `message` (shown escaped) says what the person can do.
    public func errorPage(
        status: HTTPResponse.Status,
        message: String?,
        request: Request,
        context: AppRequestContext
    ) async -> Response {
        let heading: String
        let fallback: String
        switch status.code {
        case 404:
            heading = "This page isn’t here"
            fallback = "The address may be mistyped, or what it pointed to was removed."
        case 403:
            heading = "That request was refused"
            fallback = "Go back, reload the page and try again."
        case 400..<500:
            heading = "That request could not be handled"
            fallback = "Check what you entered and try again."
        default:
            heading = "Something went wrong"
            fallback = "The problem was logged. Try again in a moment."
        }
        let body = ShellPages.error(code: status.code, heading: heading, message: message ?? fallback)
        return await page(title: heading, featureID: nil, body: body, request: request, context: context, status: status)
    }

    /// A bare HTML response of markup rendered before (a partial for live refresh), sent without copying.
    public static func html(_ rendered: RenderedHTML) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: rendered.buffer)
        )
    }

    /// Rows a script appends to a live list (`data-more` in `app.js`), with where the list's live refresh reads from
    /// once they are appended (its new `data-src`, sent as `X-Refresh-Source`), when that changes.
    public static func html(_ rendered: RenderedHTML, refreshSource: String?) -> Response {
        var response = html(rendered)
        if let refreshSource { response.headers[refreshSourceHeader] = refreshSource }
        return response
    }

    /// The header naming a live list's new `data-src`.
    static let refreshSourceHeader = HTTPField.Name("X-Refresh-Source")!

    /// An HTML response: a whole page, or a fragment for a script to insert.
    public static func html(_ html: HTML, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: html.bytes))
        )
    }
}
