import KernelEvents

/// What a feature keeps in memory to answer faster (a ``CachedValue`` or ``CachedValues``), declared in its runtime:
/// the Kernel forgets it when the feature's data changes, whoever made the change (this process or another, through
/// the change log; see ``ChangeFeed``), before the change's event reaches any page. Feature code never invalidates it.
public protocol FeatureCache: Sendable {
    /// Forgets what is kept: the next reader reads again.
    func invalidate()
}

extension CachedValue: FeatureCache {}

extension CachedValues: FeatureCache {}

/// A feature's caches: forgotten on each of the feature's own changes, and on the other events named (something the
/// cached pages show that is not the feature's own data, such as a notice delivered).
public struct FeatureCaches: Sendable {
    /// The caches.
    public let caches: [any FeatureCache]
    /// Bus messages other than the feature's own change event after which every cache is forgotten too.
    public let alsoDroppedOn: [any BusEvent.Type]

    /// `caches`, forgotten on every change of the feature's data, and whenever one of `alsoDroppedOn` is posted.
    public init(_ caches: [any FeatureCache], alsoDroppedOn: [any BusEvent.Type] = []) {
        self.caches = caches
        self.alsoDroppedOn = alsoDroppedOn
    }

    /// No caches.
    public static let none = FeatureCaches([])

    /// Forgets every cache.
    public func invalidate() {
        for cache in caches { cache.invalidate() }
    }

    /// Observes `alsoDroppedOn` on `bus`, forgetting every cache on each; the observations live as long as they are kept.
    public func observe(on bus: EventBus) -> [EventObservation] {
        alsoDroppedOn.map { observe($0, on: bus) }
    }

    private func observe<Message: BusEvent>(_ type: Message.Type, on bus: EventBus) -> EventObservation {
        bus.addObserver(for: type) { [caches] _ in
            for cache in caches { cache.invalidate() }
        }
    }
}
