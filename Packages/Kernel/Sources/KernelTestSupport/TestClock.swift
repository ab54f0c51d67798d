import Foundation
import Synchronization

/// A clock a test sets: hand ``now()`` to what takes a clock, then move it with ``set(_:)`` or ``advance(_:)``.
public final class TestClock: Sendable {
    private let moment: Mutex<Date>

    /// A clock showing `start`.
    public init(_ start: Date) {
        moment = Mutex(start)
    }

    /// The moment it shows.
    public func now() -> Date { moment.withLock { $0 } }

    /// Sets it to `date`.
    public func set(_ date: Date) { moment.withLock { $0 = date } }

    /// Moves it on by `seconds`.
    public func advance(_ seconds: TimeInterval) { moment.withLock { $0 += seconds } }
}
