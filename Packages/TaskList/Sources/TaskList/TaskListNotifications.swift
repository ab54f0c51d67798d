import KernelBus

/// The notifications the task list posts on a ``NotificationBus`` after each change is committed.
///
/// Every change posts ``changed`` with no object and a user info dictionary holding the kind of change under
/// ``changeKey`` (one of the raw values of ``Change``), the task's identifier (`Int64`) under ``idKey`` and the
/// task's name (`String`) under ``nameKey``. ``TaskListChange`` reads such a notification back.
public enum TaskListNotifications {
    /// The name of the notification posted after any task is added, updated, toggled, deleted or restored:
    /// `tasks.changed`.
    public static let changed: BusNotification.Name = "tasks.changed"

    /// The user info key for the kind of change, a `String`.
    public static let changeKey = "change"

    /// The user info key for the task's identifier, an `Int64`.
    public static let idKey = "id"

    /// The user info key for the task's name, a `String`.
    public static let nameKey = "name"

    /// The kinds of change, as posted under ``changeKey``.
    public enum Change: String, Sendable, Hashable, CaseIterable {
        /// A new task was stored.
        case added
        /// A task's name, description or day changed.
        case updated
        /// A task was marked done or not done.
        case toggled
        /// A task was deleted.
        case deleted
        /// A deleted task was put back.
        case restored
    }

    /// Posts a change on the bus.
    static func post(_ change: Change, of item: TaskItem, on bus: NotificationBus) {
        var userInfo: [String: any Sendable] = [changeKey: change.rawValue, nameKey: item.name]
        if let id = item.id { userInfo[idKey] = id }
        bus.post(name: changed, object: nil, userInfo: userInfo)
    }
}

/// A task list change read back from a ``TaskListNotifications/changed`` notification.
public struct TaskListChange: Sendable, Hashable {
    /// The kind of change.
    public let change: TaskListNotifications.Change

    /// The identifier of the task that changed.
    public let id: Int64

    /// The name of the task that changed.
    public let name: String

    /// Creates a change from its values.
    public init(change: TaskListNotifications.Change, id: Int64, name: String) {
        self.change = change
        self.id = id
        self.name = name
    }

    /// Reads a change from a notification, or returns `nil` if it is not a well-formed task list change.
    public init?(_ notification: BusNotification) {
        guard notification.name == TaskListNotifications.changed, let userInfo = notification.userInfo,
            let rawChange = userInfo[TaskListNotifications.changeKey] as? String,
            let change = TaskListNotifications.Change(rawValue: rawChange),
            let id = userInfo[TaskListNotifications.idKey] as? Int64,
            let name = userInfo[TaskListNotifications.nameKey] as? String
        else { return nil }
        self.init(change: change, id: id, name: name)
    }
}
