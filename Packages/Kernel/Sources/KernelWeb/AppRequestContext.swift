import Hummingbird
import KernelStorage

/// The request context shared by every route of every feature.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The CSRF token of this browser, to embed in every form (set by `CSRFMiddleware`).
    public var csrfToken: String = ""
    /// A posted form as `CSRFMiddleware` read it to check its token, and the size of its body: what
    /// `Request.decodeForm(as:context:limit:)` decodes, so the body is parsed once.
    public internal(set) var postedForm: (fields: FormData, bytes: Int)?
    /// The client's IP address as the connection gives it (no forwarding header is trusted), or `"unknown"`:
    /// what a per-client limit counts by.
    public let clientAddress: String
    /// Whose request this is: the local person on a host without sign-in; with it, the person signed in (set by
    /// `PersonMiddleware`), or ``PersonID/nobody`` on the few pages open to someone who is not.
    public internal(set) var person = PersonID.local
    /// The cookies the request carries, read once (by `RequestCookiesMiddleware`, before any other middleware).
    public internal(set) var cookies = Cookies(from: [])

    public init(source: Source) {
        self.coreContext = .init(source: source)
        self.clientAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}
