import Foundation
import Hummingbird
import Kernel
import KernelEvents
import KernelStorage
import ServiceLifecycle

/// A feature with web pages: the `Feature` contract (descriptor and CLI commands) plus the runtime the host builds
/// once when it starts.
///
/// ```swift
/// public struct TaskListFeature: WebFeature {
///     public let descriptor = TaskList.descriptor
///     public var commands: [any ParsableCommand.Type] { [TasksCommand.self] }
///
///     public func makeRuntime(_ context: WebContext) async throws -> FeatureRuntime {
///         let repository = TaskRepository(writer: context.feature.database, bus: context.feature.bus)
///         return FeatureRuntime(
///             routes: TaskRoutes(repository: repository, pages: context.pages),
///             liveEvents: [TaskChanged.self]
///         )
///     }
///
///     public var publicFiles: URL? { Bundle.module.resourceURL?.appendingPathComponent("Public") }
/// }
/// ```
public protocol WebFeature: Feature {
    /// Builds the feature's runtime: everything it runs, serves and forwards, sharing whatever state it needs (a
    /// repository, an engine). Called once per host, after the feature's database is open and migrated.
    func makeRuntime(_ context: WebContext) async throws -> FeatureRuntime

    /// The feature's own static files (its `Resources/Public` folder), served at `/static/<id>/`. A file named
    /// `<id>.css` or `<id>.js` there is linked from every page of the feature.
    var publicFiles: URL? { get }
}

extension WebFeature {
    /// No static files by default.
    public var publicFiles: URL? { nil }
}

/// What a feature runs while the host runs, built once by ``WebFeature/makeRuntime(_:)``.
public struct FeatureRuntime: Sendable {
    /// The feature's pages, mounted under `/<id>`.
    public var routes: (any FeatureRoutes)?
    /// The feature's JSON API operations (see `KernelAPI`), mounted under `/api/v1`.
    public var api: (any FeatureRoutes)?
    /// Background services, started and stopped with the host.
    public var services: [any Service]
    /// The typed messages forwarded to open pages (as toasts, or to refresh themselves).
    public var liveEvents: [any LiveEvent.Type]
    /// Bus observers kept registered for the life of the host.
    public var subscriptions: [EventObservation]
    /// The feature's one change event: what the Kernel posts, from the feature's ``ChangeLog``, after every commit
    /// that records changes — this process's or another's (see ``ChangeFeed``). Nil for a feature that keeps no data.
    public var changes: (any RowChangeEvent.Type)?
    /// What the feature keeps in memory, forgotten by the Kernel on every change of its data (before the change event
    /// is posted), and on the other events it names.
    public var caches: FeatureCaches
    /// Who a request is from, when this feature signs people in (Accounts does): with sign-in on, the host asks it for
    /// every request.
    public var people: PersonResolver?

    /// A runtime.
    public init(
        routes: (any FeatureRoutes)? = nil,
        api: (any FeatureRoutes)? = nil,
        services: [any Service] = [],
        liveEvents: [any LiveEvent.Type] = [],
        changes: (any RowChangeEvent.Type)? = nil,
        caches: FeatureCaches = .none,
        subscriptions: [EventObservation] = [],
        people: PersonResolver? = nil
    ) {
        self.routes = routes
        self.api = api
        self.services = services
        self.liveEvents = liveEvents
        self.changes = changes
        self.caches = caches
        self.subscriptions = subscriptions
        self.people = people
    }
}

/// A feature's routes: one value whose `add(to:)` registers named handler methods on the feature's group.
public protocol FeatureRoutes: Sendable {
    /// Adds the routes to `routes`, a group already prefixed with `/<id>`.
    func add(to routes: RouterGroup<AppRequestContext>)
}

/// What a feature's runtime gets from the shell: the feature's context and the page renderer.
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

extension AppRequestContext {
    /// The `:id` path parameter as a row id, or a friendly 404 saying `missing` when it is absent or not a number.
    public func id(_ missing: String) throws -> Int64 {
        guard let id = parameters.get("id", as: Int64.self) else { throw HTTPError(.notFound, message: missing) }
        return id
    }
}
