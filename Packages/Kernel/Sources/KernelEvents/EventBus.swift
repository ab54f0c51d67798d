import Synchronization

/// The bus the Kernel and the features share: typed events posted, and observed by their type.
///
/// A post calls every observer of the event's type on the posting thread, in the order they were added, and has
/// called them all when it returns. An observer may post, add and remove from inside its call. Once an observation
/// is cancelled (or dropped), its observer is not called again, not even by a post already under way (a call that
/// another thread has already begun may still finish).
///
/// The table of observers sits behind one `Mutex`; a post takes its type's list (one retain) and calls each observer
/// with the lock released, and allocates nothing.
///
/// The Getting Started brief's re-creation of `NotificationCenter` — names, objects, weak targets, queues and their
/// coalescing, actor isolation — is the `KernelBus` library; features do not link it.
public final class EventBus: Sendable {
    @usableFromInline
    struct State {
        var nextOrder = 1
        /// For each event type, its observers in the order they were added: an ``Observers`` of that type, replaced
        /// whole by an add or a removal, so that a post holds the list it took however the table changes.
        @usableFromInline var observers: [ObjectIdentifier: any ObserverList] = [:]
    }

    @usableFromInline let state = Mutex(State())

    /// An empty bus.
    public init() {}

    /// Calls every observer of `Event` with `event`, in the order they were added. (Inlinable, so that a post is
    /// compiled for its event type where it is made: unspecialized, each call to an observer cost some 25 ns.)
    @inlinable
    public func post<Event: BusEvent>(_ event: Event) {
        guard let observers = state.withLock({ $0.observers[ObjectIdentifier(Event.self)] }) as? Observers<Event> else {
            return
        }
        // Read in place through a span (a `for` over the array itself retained and released each observer); a
        // `ContiguousArray`'s, since an `Array`'s span needs macOS 26.
        let held = observers.list
        let list = held.span
        for index in list.indices where list[index].isActive {
            list[index].block(event)
        }
    }

    /// Adds `block` as an observer of every `Event` posted from now on, called on the posting thread.
    ///
    /// - Returns: The observation. The observer is called for as long as it is kept and not cancelled.
    public func addObserver<Event: BusEvent>(
        for type: Event.Type,
        using block: @escaping @Sendable (Event) -> Void
    ) -> EventObservation {
        add(isSequence: false, block)
    }

    /// The `Event`s posted from now on, as an async sequence that keeps every one until it is read (a sequence held
    /// and never read grows). Its observer is removed when the reading task is cancelled, or when the sequence and
    /// its iterator are let go. The sequence does not end on its own: a reader waits for the next event, or for its
    /// task to be cancelled.
    public func messages<Event: BusEvent>(of type: Event.Type) -> EventSequence<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let observation = add(isSequence: true) { (event: Event) in _ = continuation.yield(event) }
        // A cancelled read removes the observer at once, even while the sequence is still held.
        continuation.onTermination = { [weak observation] _ in observation?.cancel() }
        return EventSequence(events: stream, observation: observation)
    }

    /// Every observer on the bus, in the order they were added, for the diagnostics page.
    public func registrations() -> [EventRegistration] {
        let lists = state.withLock { Array($0.observers.values) }
        return lists.flatMap(\.registrations).sorted { $0.order < $1.order }
    }

    private func add<Event: BusEvent>(isSequence: Bool, _ block: @escaping @Sendable (Event) -> Void) -> EventObservation {
        let key = ObjectIdentifier(Event.self)
        let observer = state.withLock { state in
            let observer = EventObserver(order: state.nextOrder, isSequence: isSequence, block: block)
            state.nextOrder += 1
            let list = (state.observers[key] as? Observers<Event>)?.list ?? []
            state.observers[key] = Observers(list: list + [observer])
            return observer
        }
        return EventObservation { [weak self] in self?.remove(observer) }
    }

    private func remove<Event: BusEvent>(_ observer: EventObserver<Event>) {
        let key = ObjectIdentifier(Event.self)
        state.withLock { state in
            guard observer.deactivate(), let list = (state.observers[key] as? Observers<Event>)?.list else { return }
            let kept = ContiguousArray(list.filter { $0 !== observer })
            state.observers[key] = kept.isEmpty ? nil : Observers(list: kept)
        }
    }
}
