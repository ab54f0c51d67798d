/// What a ``BusSequence`` keeps when notifications arrive faster than they are consumed.
public enum BusBufferingPolicy: Sendable, Hashable {
    /// Keep everything: nothing is lost. The default.
    case unbounded
    /// Keep at most this many of the oldest unconsumed elements; newer ones are dropped.
    case bufferingOldest(Int)
    /// Keep at most this many of the newest unconsumed elements; older ones are dropped.
    case bufferingNewest(Int)
}
