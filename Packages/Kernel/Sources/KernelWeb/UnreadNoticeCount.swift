import Kernel
import KernelEvents

/// The number of unread notices every page's header shows: a ``CachedValue``, as a feature's caches are, read from
/// the inbox once and kept until the inbox changes.
///
/// Reading it on every request cost about a quarter of a millisecond; it changes only when a notice is delivered or
/// the inbox is read, a notice removed or put back. A delivery drops it through the bus (``NoticeDelivered``, observed
/// as a feature's caches are, before any page hears of the delivery: observers are called in the order they
/// registered, and this one registers before the live-event hub); the inbox's own changes drop it before their answer
/// (``inboxChanged(announcingTo:)``).
final class UnreadNoticeCount: Sendable {
    private let cache: CachedValue<Int>
    private let observations: [EventObservation]

    init(notices: NoticeCenter, bus: EventBus) {
        let cache = CachedValue { try await notices.unreadCount() }
        self.cache = cache
        observations = FeatureCaches([cache], alsoDroppedOn: [NoticeDelivered.self]).observe(on: bus)
    }

    /// The count; none when the inbox cannot be read.
    func value() async -> Int {
        (try? await cache.value()) ?? 0
    }

    /// Drops the count after the inbox changed here other than by a delivery (read, removed, put back), and tells
    /// every open page the new one, which their badges follow.
    func inboxChanged(announcingTo hub: LiveEventHub) async {
        cache.invalidate()
        hub.announceUnread(await value())
    }
}
