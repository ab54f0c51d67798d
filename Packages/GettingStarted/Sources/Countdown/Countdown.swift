import Foundation
import GRDB
import KernelStorage

/// One countdown: how long it runs, when it ends (an absolute time, so it survives restarts) and, when it was handed
/// to the operating system's scheduler, the job that notifies if the host is not running then.
public struct Countdown: Codable, Sendable, Hashable, Identifiable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "countdown_timer"

    /// The row id, nil before it is saved.
    public var id: Int64?
    /// The key of its notice: one notice per countdown, whoever delivers it (see `NoticeCenter.deliver(key:)`).
    public var key: String
    /// What the person called it; may be empty.
    public var label: String
    /// Its length in seconds.
    public var seconds: Int
    /// When it was started.
    public var startedAt: Date
    /// When it reaches zero.
    public var deadline: Date
    /// The scheduler's job (`at:12`, `systemd:atelier-countdown-…`), nil when none took it.
    public var job: String?
    /// Whose countdown it is.
    public var owner: PersonID = .local

    /// A countdown not yet saved, of `duration` from `now`.
    public init(
        label: String,
        duration: CountdownDuration,
        now: Date,
        key: String = "countdown-" + UUID().uuidString.lowercased(),
        owner: PersonID = .local
    ) {
        self.key = key
        self.owner = owner
        self.label = label
        self.seconds = duration.seconds
        self.startedAt = now
        self.deadline = now.addingTimeInterval(TimeInterval(duration.seconds))
    }

    /// Whole seconds left at `now`, rounded up (0 once it has ended).
    public func secondsLeft(at now: Date) -> Int {
        max(0, Int(deadline.timeIntervalSince(now).rounded(.up)))
    }

    /// Whether it has reached zero at `now`.
    public func isFinished(at now: Date) -> Bool { deadline <= now }

    /// The name shown: the label, or its length ("25 min countdown").
    public var title: String {
        label.isEmpty ? "\(CountdownDuration(seconds: seconds)?.description ?? "\(seconds) s") countdown" : label
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
