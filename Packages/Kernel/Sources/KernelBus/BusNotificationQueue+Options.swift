extension BusNotificationQueue {
    /// When a notification is posted.
    public enum PostingStyle: Sendable, Hashable {
        /// Right away, synchronously, after removing the pending notifications it coalesces with.
        case now
        /// As soon as the enqueuing code's turn is over: by a drain job that runs on the enqueuing code's
        /// actor after the job that enqueued (or on the queue's own actor, for code isolated to no actor),
        /// before any when-idle notification.
        case asSoonAsPossible
        /// Like ``asSoonAsPossible``, but only once no as-soon-as-possible notification is pending, and after
        /// the drain has yielded once to the other jobs of its actor.
        case whenIdle
    }

    /// Which notifications are considered the same for coalescing.
    public struct Coalescing: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int

        /// Creates a mask from raw bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// Same name.
        public static let onName = Coalescing(rawValue: 1 << 0)
        /// Same sender (object), by identity; no sender matches no sender.
        public static let onSender = Coalescing(rawValue: 1 << 1)
        /// No coalescing.
        public static let none: Coalescing = []
    }

    /// Who posts pending notifications.
    public enum Draining: Sendable, Hashable {
        /// The queue drains itself: a drain job runs on the enqueuer's actor once the enqueuing code has
        /// returned to its executor or suspended (see ``BusNotificationQueue``).
        case automatic
        /// Only ``flush()`` posts them: for a caller with a natural moment to deliver (the end of a batch, a
        /// frame, a request) and for tests that must see the queue's state without racing its drain.
        case manual
    }
}
