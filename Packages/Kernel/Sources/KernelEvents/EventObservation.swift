/// The token of one observer on an ``EventBus``: keep it for as long as the observer should be called.
///
/// Dropping the token's last reference removes the observer, and so does ``cancel()``; cancelling twice does nothing.
public final class EventObservation: Sendable {
    private let remove: @Sendable () -> Void

    init(remove: @escaping @Sendable () -> Void) {
        self.remove = remove
    }

    deinit {
        remove()
    }

    /// Removes the observer: once this returns, no post calls it again (a call another thread has begun may finish).
    public func cancel() {
        remove()
    }
}
