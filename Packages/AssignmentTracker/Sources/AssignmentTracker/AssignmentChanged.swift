import Kernel
import KernelEvents
import KernelStorage

/// Assignments' one change event, posted by the Kernel's change feed after every commit that changed them: one per
/// action a person takes, and one per batch of changes another process (the CLI) made. Open pages update the rows it
/// names.
public struct AssignmentChanged: RowChangeEvent, Hashable {
    /// `assignments.changed`.
    public static let name: EventName = "assignments.changed"

    /// The kinds of change.
    public enum Change: String, RowChangeKind, Sendable, Hashable, Codable, CaseIterable {
        /// An assignment was added.
        case added
        /// An assignment was edited (its mark included).
        case updated
        /// An assignment was deleted, with its tasks.
        case deleted
        /// A task was added, edited, moved along or deleted: its assignment's progress changed.
        case tasks
        /// A task fell behind schedule.
        case behind
        /// An assignment moved between the current list and the archive as time passed (marked and now due, or a
        /// week past due unmarked; back again if the clock was set back).
        case moved
        /// Its calendar push went through or failed: the detail's calendar line changed.
        case synced
        /// Several changes made by another process, reported together.
        case batch
    }

    /// What happened.
    public let change: Change
    /// The assignments it happened to.
    public let ids: [Int64]
    /// Whose assignments they are.
    public let owner: PersonID

    /// A change of `change` to the assignments `ids` of `owner`.
    public init(_ change: Change, ids: [Int64], owner: PersonID = .local) {
        self.owner = owner
        self.change = change
        self.ids = ids
    }
}

/// The ways an action on Assignments can fail other than validation.
public enum AssignmentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No assignment has this id.
    case assignmentNotFound(id: Int64)
    /// No task has this id.
    case taskNotFound(id: Int64)
    /// The assignment holds as many tasks as it can.
    case tooManyTasks
    /// The assignment was saved again since the version a change was made from.
    case assignmentChanged(id: Int64)
    /// The task was saved again since the version a change was made from.
    case taskChanged(id: Int64)

    /// A message a person can read.
    public var description: String {
        switch self {
        case .assignmentNotFound: "That assignment no longer exists. It may have been deleted in another window."
        case .taskNotFound: "That task no longer exists. It may have been deleted in another window."
        case .tooManyTasks: "An assignment can hold up to \(AssignmentRepository.maxTasks) tasks. Delete or merge some first."
        case .assignmentChanged:
            "That assignment was changed in another window since you opened it. Nothing was saved: open it again to see the change."
        case .taskChanged:
            "That task was changed in another window since you opened it. Nothing was saved: open it again to see the change."
        }
    }
}
