import Kernel
import KernelEvents
import KernelStorage

/// The number of unread notices every page's header shows, each person's: kept as a feature's caches are, read from
/// the inbox once and kept until an inbox changes.
///
/// Reading it on every request cost about a quarter of a millisecond; it changes only when a notice is delivered or
/// the inbox is read, a notice removed or put back. A delivery drops it through the bus (``NoticeDelivered``, observed
/// as a feature's caches are, before any page hears of the delivery: observers are called in the order they
/// registered, and this one registers before the live-event hub); the inbox's own changes drop it before their answer
/// (``inboxChanged(announcingTo:)``).
final class UnreadNoticeCount: Sendable {
    private let notices: NoticeCenter
    private let cache = CachedValues<PersonID, Int>(limit: 10_000)
    private let observations: [EventObservation]

    init(notices: NoticeCenter, bus: EventBus) {
        self.notices = notices
        observations = FeatureCaches([cache], alsoDroppedOn: [NoticeDelivered.self]).observe(on: bus)
    }

    /// `person`'s count; none when the inbox cannot be read.
    func value(for person: PersonID) async -> Int {
        (try? await cache.value(for: person) { try await notices.unreadCount(of: person) }) ?? 0
    }

    /// Drops the counts after `person`'s inbox changed here other than by a delivery (read, removed, put back), and
    /// tells their open pages the new one, which their badges follow.
    func inboxChanged(of person: PersonID, announcingTo hub: LiveEventHub) async {
        cache.invalidate()
        hub.announceUnread(await value(for: person), to: person)
    }
}
