/// An async sequence of the notifications or messages delivered to one observer, from
/// ``NotificationBus/notifications(named:object:bufferingPolicy:)`` or
/// ``NotificationBus/messages(of:subject:bufferingPolicy:)``.
///
/// The observer is registered when the sequence is created, so nothing posted after that is missed, and
/// elements wait in a buffer governed by a ``BusBufferingPolicy`` until consumed. The observer is removed
/// when the consuming task is cancelled, when ``cancel()`` is called, or when the sequence and its
/// iterators are gone. The sequence is meant for one consumer: several iterators share its elements.
public struct BusSequence<Element: Sendable>: AsyncSequence, Sendable {
    /// The sequence never throws.
    public typealias Failure = Never

    let subscription: BusSubscription<Element>

    /// Creates the iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(subscription: subscription)
    }

    /// Removes the observer and ends the sequence once the buffered elements are consumed.
    public func cancel() {
        subscription.finish()
    }

    /// The iterator of a ``BusSequence``.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        let subscription: BusSubscription<Element>

        /// The next element, waiting for one if the buffer is empty; `nil` once the sequence has ended or
        /// the task has been cancelled.
        public mutating func next() async -> Element? {
            await subscription.next(isolation: nil)
        }

        /// The next element, waiting on the caller's isolation; `nil` once the sequence has ended or the
        /// task has been cancelled.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await subscription.next(isolation: actor)
        }
    }
}

/// The buffer between one observer and the consumer of its ``BusSequence``.
final class BusSubscription<Element: Sendable>: Sendable {
    private struct State {
        var buffer: [Element] = []
        var head = 0
        var waiter: UnsafeContinuation<Element?, Never>?
        var finished = false
        var observation: BusObservation?

        var bufferedCount: Int { buffer.count - head }

        mutating func popFirst() -> Element? {
            guard head < buffer.count else { return nil }
            let element = buffer[head]
            head += 1
            if head == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64 && head * 2 >= buffer.count {
                buffer.removeFirst(head)
                head = 0
            }
            return element
        }
    }

    private let state = BusLock(State())
    private let policy: BusBufferingPolicy

    init(policy: BusBufferingPolicy) {
        self.policy = policy
    }

    deinit {
        // The observation's own deinit removes the observer.
    }

    /// Attaches the observation that feeds the buffer, so that finishing removes it.
    func attach(_ observation: BusObservation) {
        let finished = state.withLock { state -> Bool in
            if state.finished { return true }
            state.observation = observation
            return false
        }
        if finished {
            observation.cancel()
        }
    }

    /// Called by the observer for every delivery.
    func yield(_ element: Element) {
        let waiter = state.withLock { state -> UnsafeContinuation<Element?, Never>? in
            guard !state.finished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            switch policy {
            case .unbounded:
                state.buffer.append(element)
            case .bufferingOldest(let limit):
                if state.bufferedCount < limit {
                    state.buffer.append(element)
                }
            case .bufferingNewest(let limit):
                guard limit > 0 else { break }
                if state.bufferedCount == limit {
                    _ = state.popFirst()
                }
                state.buffer.append(element)
            }
            return nil
        }
        waiter?.resume(returning: element)
    }

    /// Ends the sequence: removes the observer, keeps the buffered elements, wakes a waiting consumer.
    func finish() {
        let (waiter, observation) = state.withLock { state -> (UnsafeContinuation<Element?, Never>?, BusObservation?) in
            state.finished = true
            defer {
                state.waiter = nil
                state.observation = nil
            }
            return (state.waiter, state.observation)
        }
        observation?.cancel()
        waiter?.resume(returning: nil)
    }

    func next(isolation actor: isolated (any Actor)?) async -> Element? {
        await withTaskCancellationHandler {
            await withUnsafeContinuation(isolation: actor) { continuation in
                let result = state.withLock { state -> Element?? in
                    if let element = state.popFirst() { return .some(element) }
                    if state.finished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let result {
                    continuation.resume(returning: result)
                }
            }
        } onCancel: {
            finish()
        }
    }
}
