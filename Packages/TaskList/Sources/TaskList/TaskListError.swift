import Foundation

/// The ways an operation on the task list can fail other than validation.
public enum TaskListError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// No task has the given identifier: it was deleted, perhaps in another window, or never existed.
    case notFound(id: Int64)

    /// The task changed since the version the change was made from (another window or device saved it first).
    case changed(id: Int64)

    /// A message a person can read.
    public var description: String {
        switch self {
        case .notFound:
            return "That task no longer exists. It may have been deleted in another window."
        case .changed:
            return "That task was changed in another window since you opened it. Open it again to see the changes."
        }
    }

    /// The same message as ``description``, for code that shows `localizedDescription`.
    public var errorDescription: String? { description }
}
