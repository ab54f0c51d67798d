import Hummingbird

/// The request context shared by every route of every feature.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The CSRF token of this browser, to embed in every form (set by `CSRFMiddleware`).
    public var csrfToken: String = ""

    public init(source: Source) {
        self.coreContext = .init(source: source)
    }
}
