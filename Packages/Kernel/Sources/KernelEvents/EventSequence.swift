/// The events of one type posted on an ``EventBus`` from when it was made, from ``EventBus/messages(of:)``: each is
/// kept until it is read. The sequence and its iterator hold the observer; letting both go removes it.
public struct EventSequence<Event: BusEvent>: AsyncSequence, Sendable {
    /// The sequence never throws.
    public typealias Failure = Never

    let events: AsyncStream<Event>
    let observation: EventObservation

    /// The iterator, which holds the observer for as long as it is read.
    public func makeAsyncIterator() -> Iterator {
        Iterator(events: events.makeAsyncIterator(), observation: observation)
    }

    /// The iterator of an ``EventSequence``.
    public struct Iterator: AsyncIteratorProtocol {
        var events: AsyncStream<Event>.Iterator
        let observation: EventObservation

        /// The next event, waiting for one; nil once the reading task is cancelled.
        public mutating func next() async -> Event? {
            await events.next()
        }
    }
}
