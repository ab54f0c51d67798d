/// An assignment's overall progress: the average of its tasks' percentages, each weighted by the task's planned
/// length (a task without one weighs one day), kept as an exact fraction.
///
/// `weighted` is the sum of length × percent and `weight` the sum of lengths, both in whole seconds, so the value
/// is `weighted / weight` percent with no rounding until it is shown: one of three equal tasks done is 33 %, not 0.
public struct AssignmentProgress: Sendable, Hashable {
    /// The sum over the tasks of planned seconds × percent complete.
    public let weighted: Int64
    /// The sum of the tasks' planned seconds.
    public let weight: Int64

    /// What a task without a planned length weighs: one day.
    public static let defaultWeight: Int64 = 86_400

    /// The longest length that counts, so that sums stay far from overflowing: 20 years.
    static let maximumWeight: Int64 = 20 * 366 * 86_400

    /// A progress from its sums.
    public init(weighted: Int64, weight: Int64) {
        self.weighted = weighted
        self.weight = weight
    }

    /// The progress of `tasks`.
    public init(tasks: some Sequence<AssignmentTask>) {
        var weighted: Int64 = 0
        var weight: Int64 = 0
        for task in tasks {
            let share = Self.weight(of: task)
            weighted += share * Int64(task.percent)
            weight += share
        }
        self.init(weighted: weighted, weight: weight)
    }

    /// What `task` weighs: its planned seconds (at least one), or ``defaultWeight`` when it has no length.
    public static func weight(of task: AssignmentTask) -> Int64 {
        guard let seconds = task.plannedSeconds else { return defaultWeight }
        return min(max(seconds, 1), maximumWeight)
    }

    /// Whether there are no tasks to measure.
    public var isEmpty: Bool { weight == 0 }

    /// The percentage rounded half up to a whole number (0–100), or nil when there are no tasks.
    public var percent: Int? {
        guard weight > 0 else { return nil }
        return Int((2 * weighted + weight) / (2 * weight))
    }

    /// The share done, 0–1, for drawing; 0 when there are no tasks.
    public var fraction: Double {
        weight > 0 ? Double(weighted) / Double(weight) / 100 : 0
    }
}
