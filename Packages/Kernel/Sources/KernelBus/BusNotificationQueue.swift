import Synchronization

/// A queue that posts notifications to a bus later, coalescing similar ones: Foundation's
/// `NotificationQueue` re-thought for Swift concurrency.
///
/// It is `Sendable`, needs no run loop (pending notifications are posted from a task the queue starts
/// itself, or by ``flush()``), and delivers in FIFO order: as-soon-as-possible notifications in the order
/// they were first enqueued, then when-idle ones in the same way.
///
/// Coalescing: enqueuing a notification that matches a pending one under the coalescing mask (same name
/// and/or same sender) does not add a second one: the pending one keeps its place in line and takes the
/// newer content, and an as-soon-as-possible enqueue promotes a pending when-idle one.
///
/// ```swift
/// let queue = BusNotificationQueue(bus: bus)
/// for change in changes {
///     queue.enqueue(BusNotification(name: .listChanged, object: list), postingStyle: .asSoonAsPossible)
/// }
/// // Observers get one `.listChanged` for `list`, soon.
/// ```
public final class BusNotificationQueue: Sendable {
    /// When a notification is posted.
    public enum PostingStyle: Sendable, Hashable {
        /// Right away, synchronously, after removing the pending notifications it coalesces with.
        case now
        /// Soon: from a task the queue starts, before any when-idle notification.
        case asSoonAsPossible
        /// When the queue has no as-soon-as-possible work left, after its drain task has yielded to other
        /// work.
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

    private struct Pending: Sendable {
        var name: BusNotification.Name
        var objectID: ObjectIdentifier?
        var post: @Sendable (NotificationBus) -> Void

        func matches(name: BusNotification.Name, objectID: ObjectIdentifier?, mask: Coalescing) -> Bool {
            guard !mask.isEmpty else { return false }
            if mask.contains(.onName) && self.name != name { return false }
            if mask.contains(.onSender) && self.objectID != objectID { return false }
            return true
        }
    }

    private struct State {
        var soon: [Pending] = []
        var idle: [Pending] = []
        var drainScheduled = false
    }

    /// Who posts pending notifications.
    public enum Draining: Sendable, Hashable {
        /// The queue starts a task of its own to post them soon after they are enqueued.
        case automatic
        /// Only ``flush()`` posts them: for a caller with a natural moment to deliver (the end of a batch, a
        /// frame, a request) and for tests that must see the queue's state without racing its task.
        case manual
    }

    /// The bus notifications are posted to.
    public let bus: NotificationBus
    /// Who posts pending notifications.
    public let draining: Draining
    private let state = BusLock(State())

    /// A queue for the process-wide default bus.
    public static let `default` = BusNotificationQueue(bus: .default)

    /// Creates a queue that posts to `bus`, draining itself unless `draining` is `.manual`.
    public init(bus: NotificationBus, draining: Draining = .automatic) {
        self.bus = bus
        self.draining = draining
    }

    /// The number of notifications waiting to be posted.
    public var pendingCount: Int {
        state.withLock { $0.soon.count + $0.idle.count }
    }

    /// Enqueues a notification.
    ///
    /// - Parameters:
    ///   - notification: The notification to post.
    ///   - postingStyle: When to post it.
    ///   - coalesceMask: Which pending notifications it coalesces with; by default those with the same name
    ///     and sender.
    public func enqueue(
        _ notification: BusNotification,
        postingStyle: PostingStyle,
        coalesceMask: Coalescing = [.onName, .onSender]
    ) {
        let pending = Pending(name: notification.name, objectID: notification.object.map { ObjectIdentifier($0) }) { bus in
            bus.post(notification)
        }
        enqueue(pending, postingStyle: postingStyle, coalesceMask: coalesceMask)
    }

    /// Enqueues a typed message; it is posted with `NotificationBus.post(_:)` and coalesces by
    /// the message's name and subject.
    ///
    /// - Parameters:
    ///   - message: The message to post.
    ///   - postingStyle: When to post it.
    ///   - coalesceMask: Which pending notifications it coalesces with; by default those with the same name
    ///     and subject.
    public func enqueue<Message: BusMessage>(
        _ message: Message,
        postingStyle: PostingStyle,
        coalesceMask: Coalescing = [.onName, .onSender]
    ) {
        let pending = Pending(name: Message.name, objectID: message.subject.map { ObjectIdentifier($0) }) { bus in
            bus.post(message)
        }
        enqueue(pending, postingStyle: postingStyle, coalesceMask: coalesceMask)
    }

    private func enqueue(_ pending: Pending, postingStyle: PostingStyle, coalesceMask: Coalescing) {
        let scheduleDrain = state.withLock { state -> Bool in
            let isMatch = { (queued: Pending) in
                queued.matches(name: pending.name, objectID: pending.objectID, mask: coalesceMask)
            }
            switch postingStyle {
            case .now:
                state.soon.removeAll(where: isMatch)
                state.idle.removeAll(where: isMatch)
                return false
            case .asSoonAsPossible:
                if !Self.coalesce(pending, into: &state.soon, isMatch) {
                    state.soon.append(pending)
                }
                state.idle.removeAll(where: isMatch)
            case .whenIdle:
                if !Self.coalesce(pending, into: &state.soon, isMatch) && !Self.coalesce(pending, into: &state.idle, isMatch) {
                    state.idle.append(pending)
                }
            }
            guard draining == .automatic, !state.drainScheduled else { return false }
            state.drainScheduled = true
            return true
        }
        if postingStyle == .now {
            pending.post(bus)
        } else if scheduleDrain {
            Task { await self.drain() }
        }
    }

    /// Replaces the first pending notification that matches, in place, and drops later matches; returns
    /// whether there was one.
    private static func coalesce(_ pending: Pending, into list: inout [Pending], _ isMatch: (Pending) -> Bool) -> Bool {
        guard let index = list.firstIndex(where: isMatch) else { return false }
        list[index] = pending
        var later = index + 1
        while later < list.count {
            if isMatch(list[later]) {
                list.remove(at: later)
            } else {
                later += 1
            }
        }
        return true
    }

    /// Removes the pending notifications that match `notification` under `coalesceMask`.
    public func dequeueNotifications(matching notification: BusNotification, coalesceMask: Coalescing = [.onName, .onSender]) {
        let objectID = notification.object.map { ObjectIdentifier($0) }
        state.withLock { state in
            state.soon.removeAll { $0.matches(name: notification.name, objectID: objectID, mask: coalesceMask) }
            state.idle.removeAll { $0.matches(name: notification.name, objectID: objectID, mask: coalesceMask) }
        }
    }

    /// Posts every pending notification now, on the calling thread: as-soon-as-possible ones first, then
    /// when-idle ones, each in FIFO order.
    public func flush() {
        while let pending = popSoon() ?? popIdle() {
            pending.post(bus)
        }
    }

    private func popSoon() -> Pending? {
        state.withLock { state in state.soon.isEmpty ? nil : state.soon.removeFirst() }
    }

    private func popIdle() -> Pending? {
        state.withLock { state in state.soon.isEmpty && !state.idle.isEmpty ? state.idle.removeFirst() : nil }
    }

    /// Posts pending notifications until there are none, as-soon-as-possible ones first; when only
    /// when-idle ones are left, yields once before each so other work runs first.
    private func drain() async {
        while true {
            if let pending = popSoon() {
                pending.post(bus)
                continue
            }
            await Task.yield()
            let next = state.withLock { state -> Pending? in
                if !state.soon.isEmpty { return state.soon.removeFirst() }
                if !state.idle.isEmpty { return state.idle.removeFirst() }
                state.drainScheduled = false
                return nil
            }
            guard let next else { return }
            next.post(bus)
        }
    }
}
