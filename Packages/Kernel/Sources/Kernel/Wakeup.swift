import Foundation

/// Wakes a service's loop when there is work, and at the one time its next scheduled work falls due: instead of a
/// loop that looks every second whether anything is there, one that sleeps until something is.
///
/// Wakes that come while the loop works are kept as one, so a burst of a thousand wakes is one more turn.
public final class Wakeup: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    /// A wakeup, with one turn waiting (a loop's first).
    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        continuation.yield(())
    }

    /// Asks for one more turn of the loop.
    public func wake() {
        continuation.yield(())
    }

    /// Runs `turn` once for every wake until the calling task is cancelled; `turn` answers when it should run again on
    /// its own (its next scheduled work), if ever.
    public func loop(_ turn: @Sendable () async -> Date?) async {
        var timer: Task<Void, Never>?
        for await _ in stream {
            timer?.cancel()
            guard !Task.isCancelled else { break }
            if let next = await turn() {
                let seconds = max(0.005, next.timeIntervalSinceNow)
                timer = Task { [continuation] in
                    try? await Task.sleep(for: .milliseconds(Int((seconds * 1000).rounded(.up))))
                    if !Task.isCancelled { continuation.yield(()) }
                }
            }
        }
        timer?.cancel()
    }
}
