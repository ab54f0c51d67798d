import Foundation

/// Whether a task keeps to its plan (RS1).
///
/// A task is behind schedule when it is unfinished and either its due date has passed, or its percent complete is
/// below the share of its planned time that has elapsed. The planned time runs from its start for its length; with no
/// length, up to its own due date; with neither, only the due-date rule applies.
public enum TaskSchedule: Sendable, Hashable {
    /// Finished.
    case done
    /// Not started yet: its start is still to come and nothing is done.
    case notStarted
    /// Keeping up (or with nothing to judge against).
    case onTrack
    /// Behind: `expected` is the percentage the elapsed time calls for.
    case behind(expected: Int)
    /// Its due date passed before it was finished.
    case overdue

    /// The state of `task` at `now`.
    public init(_ task: AssignmentTask, now: Date) {
        if task.isDone {
            self = .done
        } else if let due = task.dueAt, now > due {
            self = .overdue
        } else if now < task.startAt {
            // Work done before the planned start is ahead of the plan, not "not started".
            self = task.percent > 0 ? .onTrack : .notStarted
        } else if let expected = TaskSchedule.expectedPercent(task, now: now), task.percent < expected {
            self = .behind(expected: expected)
        } else {
            self = .onTrack
        }
    }

    /// Whether the task needs attention: behind or overdue.
    public var isBehind: Bool {
        switch self {
        case .behind, .overdue: true
        default: false
        }
    }

    /// The share of the planned time elapsed at `now`, as a whole percentage rounded down (so a task is never
    /// called behind by a rounding), or nil when the task has no planned end.
    static func expectedPercent(_ task: AssignmentTask, now: Date) -> Int? {
        let planned: TimeInterval
        if let seconds = task.plannedSeconds {
            planned = TimeInterval(seconds)
        } else if let due = task.dueAt {
            planned = due.timeIntervalSince(task.startAt)
        } else {
            return nil
        }
        guard planned > 0 else { return nil }
        let elapsed = now.timeIntervalSince(task.startAt)
        return Int(min(100, max(0, (elapsed / planned * 100).rounded(.down))))
    }
}

/// How close an assignment's due date is (RS5): the days left and a state for the gauge's colour.
public struct DueGauge: Sendable, Hashable {
    /// Whether the due date is comfortably ahead, close (3 days or less) or passed.
    public enum State: String, Sendable, Hashable {
        /// More than three days left.
        case ahead
        /// Three days or less left.
        case soon
        /// Past the due date.
        case overdue
    }

    /// The state, for the colour.
    public let state: State
    /// Seconds until the due date (negative when past).
    public let secondsLeft: TimeInterval
    /// The time left as a share of ``window``, 0–1, for the bar's length: a short bar is urgent, whenever the
    /// assignment was added (one due in 22 hours and one due in 19 days no longer both show full bars).
    public let fractionLeft: Double

    /// The stretch the bar measures: two weeks (more than that left shows a full bar).
    public static let window: TimeInterval = 14 * 86_400

    /// The last stretch, in seconds, that counts as close: three days.
    public static let soon: TimeInterval = 3 * 86_400

    /// The gauge of something due at `due`, seen at `now`.
    public init(due: Date, now: Date) {
        secondsLeft = due.timeIntervalSince(now)
        fractionLeft = min(1, max(0, secondsLeft / Self.window))
        state = secondsLeft < 0 ? .overdue : secondsLeft <= Self.soon ? .soon : .ahead
    }

    /// `12 days left`, `2 days 5 hours left`, `5 hours left`, `40 minutes left`, `Due now`, `3 days overdue`.
    public var text: String {
        let magnitude = abs(secondsLeft)
        let days = Int(magnitude / 86_400)
        let hours = Int(magnitude.truncatingRemainder(dividingBy: 86_400) / 3_600)
        let minutes = Int(magnitude.truncatingRemainder(dividingBy: 3_600) / 60)
        let amount: String
        if days >= 3 || (days > 0 && hours == 0) {
            amount = Self.count(days, "day")
        } else if days > 0 {
            amount = Self.count(days, "day") + " " + Self.count(hours, "hour")
        } else if hours > 0 {
            amount = Self.count(hours, "hour")
        } else if minutes > 0 {
            amount = Self.count(minutes, "minute")
        } else {
            return "Due now"
        }
        return secondsLeft < 0 ? amount + " overdue" : amount + " left"
    }

    private static func count(_ value: Int, _ unit: String) -> String {
        "\(value) \(unit)\(value == 1 ? "" : "s")"
    }
}
