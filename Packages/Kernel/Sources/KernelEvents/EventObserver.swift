import Synchronization

/// The observers of one event type, in the order they were added; never changed (an add or a removal makes a new one).
@usableFromInline
final class Observers<Event: BusEvent>: ObserverList {
    @usableFromInline let list: ContiguousArray<EventObserver<Event>>

    init(list: ContiguousArray<EventObserver<Event>>) {
        self.list = list
    }

    @usableFromInline var registrations: [EventRegistration] {
        list.map { EventRegistration(order: $0.order, name: Event.name, kind: $0.isSequence ? .sequence : .block) }
    }
}

/// The observers of some event type, as the table holds them and the diagnostics page reads them.
@usableFromInline
protocol ObserverList: AnyObject, Sendable {
    var registrations: [EventRegistration] { get }
}

/// One observer of an event type: its block, and whether it may still be called.
@usableFromInline
final class EventObserver<Event: BusEvent>: Sendable {
    /// Its place in the order observers were added to the bus.
    let order: Int
    /// Whether it feeds a ``EventBus/messages(of:)`` sequence.
    let isSequence: Bool
    @usableFromInline let block: @Sendable (Event) -> Void
    @usableFromInline let active = Atomic<Bool>(true)

    init(order: Int, isSequence: Bool, block: @escaping @Sendable (Event) -> Void) {
        self.order = order
        self.isSequence = isSequence
        self.block = block
    }

    /// Whether it may still be called: a post skips an observer removed after the post took its list.
    @inlinable var isActive: Bool { active.load(ordering: .acquiring) }

    /// Marks it removed; whether it was still active.
    func deactivate() -> Bool {
        active.exchange(false, ordering: .acquiringAndReleasing)
    }
}

/// One observer on an ``EventBus``, as ``EventBus/registrations()`` lists it.
public struct EventRegistration: Sendable, Hashable {
    /// What an observer is.
    public enum Kind: String, Sendable, Hashable {
        /// A block added with ``EventBus/addObserver(for:using:)``.
        case block
        /// The feed of a ``EventBus/messages(of:)`` sequence.
        case sequence
    }

    /// Its place in the order observers were added.
    public let order: Int
    /// The name of the event type it observes.
    public let name: EventName
    /// What it is.
    public let kind: Kind
}
