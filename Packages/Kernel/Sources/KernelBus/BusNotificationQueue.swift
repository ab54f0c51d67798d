/// A queue that posts notifications to a bus later, coalescing similar ones: Foundation's
/// `NotificationQueue` re-thought for Swift concurrency.
///
/// It is `Sendable` and needs no run loop: where Foundation posts at the end of a run-loop turn, the queue
/// posts at the end of a *turn* of the enqueuing code's actor.
///
/// - An enqueue made by code isolated to an actor (the main actor, an actor's method; the caller's
///   `#isolation`) opens that actor's turn, if it is not already open, and schedules a drain job on the
///   same actor. The actor runs one job at a time, so the drain runs only once the enqueuing code has
///   returned to its executor or suspended at an `await` — whichever threads the actor's jobs run on and
///   however busy the machine. The turn closes when its drain starts.
/// - A notification is not posted while a turn that enqueued it or coalesced into it is open. So every
///   notification enqueued by one synchronous stretch of isolated code coalesces with the others of that
///   stretch, always, and reaches observers once.
/// - Code isolated to no actor (a nonisolated or detached task, a plain thread) has no turn that could be
///   waited for: its notifications are posted by a drain on the queue's own actor (the actor or executor
///   given at creation, the main actor for ``default``), which may run before such code has finished
///   enqueuing. Isolate a batch to an actor (for instance `@MainActor`) for it to coalesce for certain.
/// - Observers that run synchronously run in the drain, on the actor of the turn that posts.
///
/// Delivery is FIFO: as-soon-as-possible notifications in the order they were first enqueued, then when-idle
/// ones in the same way; a notification held by an open turn holds back the ones behind it.
///
/// Coalescing: enqueuing a notification that matches a pending one under the coalescing mask (same name
/// and/or same sender) does not add a second one: the pending one keeps its place in line and takes the
/// newer content, and an as-soon-as-possible enqueue promotes a pending when-idle one.
///
/// ```swift
/// @MainActor func listDidChange(_ changes: [Change]) {
///     for change in changes {
///         queue.enqueue(BusNotification(name: .listChanged, object: list), postingStyle: .asSoonAsPossible)
///     }
///     // Observers get one `.listChanged` for `list`, once this main-actor job is over.
/// }
/// ```
public final class BusNotificationQueue: Sendable {
    private struct Pending: Sendable {
        var name: BusNotification.Name
        var objectID: ObjectIdentifier?
        var post: @Sendable (NotificationBus) -> Void
        /// The open turns that enqueued this notification or coalesced into it; it is not posted (except by
        /// ``flush()``) while any of them is open, since that turn may still coalesce into it.
        var holders: [UInt64] = []

        func matches(name: BusNotification.Name, objectID: ObjectIdentifier?, mask: Coalescing) -> Bool {
            guard !mask.isEmpty else { return false }
            if mask.contains(.onName) && self.name != name { return false }
            if mask.contains(.onSender) && self.objectID != objectID { return false }
            return true
        }

        var isHeld: Bool { !holders.isEmpty }

        mutating func hold(_ turns: [UInt64]) {
            for turn in turns where !holders.contains(turn) {
                holders.append(turn)
            }
        }
    }

    private struct State {
        var soon: [Pending] = []
        var idle: [Pending] = []
        /// The open turn of each actor that has enqueued since its drain last started, by the actor's identity.
        var openTurns: [ObjectIdentifier: UInt64] = [:]
        var nextTurn: UInt64 = 1
        /// Whether a drain on the queue's own actor, for enqueues made without an actor, is scheduled.
        var homeDrainScheduled = false
        /// Whether a drain is posting; one at a time, so that notifications are posted in FIFO order.
        var posting = false
        /// Whether a drain that found another one posting was ready for when-idle work, which the posting
        /// drain then takes on.
        var idleRequested = false

        /// The first notification that may be posted now, taken out of line: the head of the
        /// as-soon-as-possible line, or when that line is empty and `idle` allows, the head of the when-idle
        /// line; `nil` when that head is held by an open turn or there is none.
        mutating func takeReady(idle allowIdle: Bool) -> Pending? {
            if let first = soon.first {
                return first.isHeld ? nil : soon.removeFirst()
            }
            guard allowIdle, let first = idle.first, !first.isHeld else { return nil }
            return idle.removeFirst()
        }

        /// Whether when-idle work is ready once the as-soon-as-possible line is done.
        var hasReadyIdleWork: Bool {
            soon.isEmpty && idle.first.map { !$0.isHeld } == true
        }

        mutating func close(turn: UInt64) {
            for index in soon.indices where soon[index].isHeld {
                soon[index].holders.removeAll { $0 == turn }
            }
            for index in idle.indices where idle[index].isHeld {
                idle[index].holders.removeAll { $0 == turn }
            }
        }
    }

    /// The bus notifications are posted to.
    public let bus: NotificationBus
    /// Who posts pending notifications.
    public let draining: Draining
    /// Where notifications enqueued by code isolated to no actor are drained.
    private let home: any Actor
    private let state = BusLock(State())

    /// A queue for the process-wide default bus, whose notifications enqueued outside any actor are posted
    /// on the main actor.
    public static let `default` = BusNotificationQueue(bus: .default, actor: MainActor.shared)

    /// Creates a queue that posts to `bus`, draining itself unless `draining` is `.manual`. Notifications
    /// enqueued by code isolated to no actor are posted from a serial executor of the queue's own.
    public init(bus: NotificationBus, draining: Draining = .automatic) {
        self.bus = bus
        self.draining = draining
        self.home = QueueHome()
    }

    /// Creates a queue that posts to `bus`; notifications enqueued by code isolated to no actor are posted
    /// on `actor` (the main actor, for instance), as if that code ran there.
    public init(bus: NotificationBus, actor: any Actor, draining: Draining = .automatic) {
        self.bus = bus
        self.draining = draining
        self.home = actor
    }

    /// Creates a queue that posts to `bus`; notifications enqueued by code isolated to no actor are posted
    /// from jobs on `executor`.
    public init(bus: NotificationBus, executor: any SerialExecutor, draining: Draining = .automatic) {
        self.bus = bus
        self.draining = draining
        self.home = ExecutorActor(executor: executor)
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
    ///   - isolation: The actor the calling code is isolated to; leave the default, the caller's isolation.
    ///     Its turn is what the notification waits for (see ``BusNotificationQueue``).
    public func enqueue(
        _ notification: BusNotification,
        postingStyle: PostingStyle,
        coalesceMask: Coalescing = [.onName, .onSender],
        isolation: (any Actor)? = #isolation
    ) {
        let pending = Pending(name: notification.name, objectID: notification.object.map { ObjectIdentifier($0) }) { bus in
            bus.post(notification)
        }
        enqueue(pending, postingStyle: postingStyle, coalesceMask: coalesceMask, isolation: isolation)
    }

    /// Enqueues a typed message; it is posted with `NotificationBus.post(_:)` and coalesces by
    /// the message's name and subject.
    ///
    /// - Parameters:
    ///   - message: The message to post.
    ///   - postingStyle: When to post it.
    ///   - coalesceMask: Which pending notifications it coalesces with; by default those with the same name
    ///     and subject.
    ///   - isolation: The actor the calling code is isolated to; leave the default, the caller's isolation.
    public func enqueue<Message: BusMessage>(
        _ message: Message,
        postingStyle: PostingStyle,
        coalesceMask: Coalescing = [.onName, .onSender],
        isolation: (any Actor)? = #isolation
    ) {
        let pending = Pending(name: Message.name, objectID: message.subject.map { ObjectIdentifier($0) }) { bus in
            bus.post(message)
        }
        enqueue(pending, postingStyle: postingStyle, coalesceMask: coalesceMask, isolation: isolation)
    }

    /// What an enqueue must schedule once the lock is released.
    private enum Scheduling {
        case none
        case turn(UInt64, on: any Actor)
        case home
    }

    private func enqueue(_ pending: Pending, postingStyle: PostingStyle, coalesceMask: Coalescing, isolation: (any Actor)?) {
        let scheduling = state.withLock { state -> Scheduling in
            let isMatch = { (queued: Pending) in
                queued.matches(name: pending.name, objectID: pending.objectID, mask: coalesceMask)
            }
            if postingStyle == .now {
                state.soon.removeAll(where: isMatch)
                state.idle.removeAll(where: isMatch)
                return .none
            }
            var pending = pending
            var scheduling = Scheduling.none
            if draining == .automatic {
                if let isolation {
                    let actorID = ObjectIdentifier(isolation)
                    if let turn = state.openTurns[actorID] {
                        pending.holders = [turn]
                    } else {
                        let turn = state.nextTurn
                        state.nextTurn += 1
                        state.openTurns[actorID] = turn
                        pending.holders = [turn]
                        scheduling = .turn(turn, on: isolation)
                    }
                } else if !state.homeDrainScheduled {
                    state.homeDrainScheduled = true
                    scheduling = .home
                }
            }
            switch postingStyle {
            case .now:
                break
            case .asSoonAsPossible:
                let index = Self.coalesce(pending, into: &state.soon, isMatch) ?? state.soon.endIndex
                if index == state.soon.endIndex {
                    state.soon.append(pending)
                }
                // A pending when-idle match is promoted: dropped, its holds kept by the notification.
                var promotedHolders: [UInt64] = []
                state.idle.removeAll { queued in
                    guard isMatch(queued) else { return false }
                    promotedHolders += queued.holders
                    return true
                }
                state.soon[index].hold(promotedHolders)
            case .whenIdle:
                if Self.coalesce(pending, into: &state.soon, isMatch) == nil
                    && Self.coalesce(pending, into: &state.idle, isMatch) == nil
                {
                    state.idle.append(pending)
                }
            }
            return scheduling
        }
        switch scheduling {
        case .none:
            if postingStyle == .now {
                pending.post(bus)
            }
        case .turn(let turn, let actor):
            Task { await self.drain(closing: turn, of: ObjectIdentifier(actor), on: actor) }
        case .home:
            let home = self.home
            Task { await self.drain(closing: nil, of: nil, on: home) }
        }
    }

    /// Replaces the first pending notification that matches, in place, and drops later matches, keeping the
    /// holds of all of them; returns the index of the match, if there was one.
    private static func coalesce(_ pending: Pending, into list: inout [Pending], _ isMatch: (Pending) -> Bool) -> Int? {
        guard let index = list.firstIndex(where: isMatch) else { return nil }
        var replacement = pending
        replacement.hold(list[index].holders)
        var later = index + 1
        while later < list.count {
            if isMatch(list[later]) {
                replacement.hold(list[later].holders)
                list.remove(at: later)
            } else {
                later += 1
            }
        }
        list[index] = replacement
        return index
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
    /// when-idle ones, each in FIFO order, including those whose enqueuing code has not finished its turn.
    public func flush() {
        while let pending = state.withLock({ state -> Pending? in
            if !state.soon.isEmpty { return state.soon.removeFirst() }
            if !state.idle.isEmpty { return state.idle.removeFirst() }
            return nil
        }) {
            pending.post(bus)
        }
    }

    /// A turn's drain, a job on the actor whose turn it ends (or on the queue's own actor, for enqueues made
    /// outside any actor): releases the turn's holds, posts what is ready, then, once no
    /// as-soon-as-possible work is left, yields to the actor's other jobs and posts the when-idle work.
    private func drain(closing turn: UInt64?, of actorID: ObjectIdentifier?, on actor: isolated any Actor) async {
        state.withLock { state in
            if let turn, let actorID {
                if state.openTurns[actorID] == turn {
                    state.openTurns[actorID] = nil
                }
                state.close(turn: turn)
            } else {
                state.homeDrainScheduled = false
            }
        }
        postReady(idle: false)
        guard state.withLock({ $0.hasReadyIdleWork }) else { return }
        await Task.yield()
        postReady(idle: true)
    }

    /// Posts ready notifications in FIFO order until the head of the line is held by an open turn or the
    /// line is empty (when-idle ones only if `idle`). If another drain is posting, leaves the work to it: that
    /// drain takes ready notifications under the lock until it finds none, so it sees these too.
    private func postReady(idle: Bool) {
        var idle = idle
        var claimed = false
        while let next = state.withLock({ state -> Pending? in
            if !claimed {
                guard !state.posting else {
                    state.idleRequested = state.idleRequested || idle
                    return nil
                }
                state.posting = true
                claimed = true
            }
            if state.idleRequested {
                idle = true
                state.idleRequested = false
            }
            guard let next = state.takeReady(idle: idle) else {
                state.posting = false
                return nil
            }
            return next
        }) {
            next.post(bus)
        }
    }
}

/// The serial executor of a queue made without an actor or executor, for notifications enqueued by code
/// isolated to no actor.
private actor QueueHome {}
