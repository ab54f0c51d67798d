import KernelBus

/// What a feature keeps in memory to answer faster (a ``CachedValue`` or ``CachedValues``), declared in its runtime
/// with the change events that make it stale: the host forgets it on each of those events, whoever made the change
/// (this process, once committed, or another process, through the change log). Feature code never invalidates it.
public protocol FeatureCache: Sendable {
    /// Forgets what is kept: the next reader reads again.
    func invalidate()
}

extension CachedValue: FeatureCache {}

extension CachedValues: FeatureCache {}

/// A feature's caches and the change events that make them stale, for its runtime.
public struct FeatureCaches: Sendable {
    /// The caches.
    public let caches: [any FeatureCache]
    /// The bus messages after which every one of them is forgotten.
    public let changes: [any BusMessage.Type]

    /// `caches`, forgotten whenever one of `changes` is posted.
    public init(_ caches: [any FeatureCache], invalidatedBy changes: [any BusMessage.Type]) {
        self.caches = caches
        self.changes = changes
    }

    /// No caches.
    public static let none = FeatureCaches([], invalidatedBy: [])

    /// Observes `changes` on `bus`, forgetting every cache on each; the observations live as long as they are kept.
    public func observe(on bus: NotificationBus) -> [BusObservation] {
        changes.map { observe($0, on: bus) }
    }

    private func observe<Message: BusMessage>(_ type: Message.Type, on bus: NotificationBus) -> BusObservation {
        bus.addObserver(for: type) { [caches] _ in
            for cache in caches { cache.invalidate() }
        }
    }
}
