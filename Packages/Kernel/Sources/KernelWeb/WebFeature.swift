import Hummingbird
import Kernel
import KernelBus

/// A feature with web pages: the `Feature` contract plus the routes its web library adds.
///
/// The host mounts the routes under `/<id>`, and forwards the bus notifications named in `liveEvents` to open
/// pages through the live-events stream.
public protocol WebFeature: Feature {
    /// Bus notifications that open pages should hear about (as toasts, or to refresh themselves).
    var liveEvents: [BusNotification.Name] { get }

    /// Adds the feature's routes to `routes`, a group already prefixed with `/<id>`.
    func addRoutes(to routes: RouterGroup<AppRequestContext>, web: WebContext) async throws
}

extension WebFeature {
    /// No live events by default.
    public var liveEvents: [BusNotification.Name] { [] }
}

/// What a feature's routes get from the shell: the feature's context and the page renderer.
public struct WebContext: Sendable {
    /// The feature's database, bus, notices and logger.
    public let feature: FeatureContext
    /// Wraps the feature's HTML in the shared layout, with the feature highlighted in the header.
    public let pages: PageRenderer

    /// A web context.
    public init(feature: FeatureContext, pages: PageRenderer) {
        self.feature = feature
        self.pages = pages
    }
}
