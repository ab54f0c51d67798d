import Kernel
import KernelEvents
import KernelStorage

/// Posted after every change to the task list has committed: one message per action a person takes, and one per
/// batch of changes another process (the CLI) made while the host was watching.
public struct TaskChanged: RowChangeEvent, Hashable {
    /// `tasks.changed`.
    public static let name: EventName = "tasks.changed"

    /// The kinds of change.
    public enum Change: String, RowChangeKind, Sendable, Hashable, Codable, CaseIterable {
        /// A new task was stored.
        case added
        /// A task's name, description, day or done state was edited.
        case updated
        /// A task was marked done or not done.
        case toggled
        /// A task was deleted.
        case deleted
        /// A deleted task was put back.
        case restored
        /// Several changes made by another process, reported together.
        case batch
    }

    /// What happened.
    public let change: Change
    /// The tasks it happened to.
    public let ids: [Int64]
    /// Whose tasks they are.
    public let owner: PersonID

    /// A change of `change` to the tasks `ids` of `owner`.
    public init(_ change: Change, ids: [Int64], owner: PersonID = .local) {
        self.owner = owner
        self.change = change
        self.ids = ids
    }
}
