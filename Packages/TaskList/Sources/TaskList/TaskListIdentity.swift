/// Names that identify the task list feature wherever the application lists its features.
public enum TaskListIdentity {
    /// The stable identifier of the feature, used in routes, commands and storage names.
    public static let id = "tasks"

    /// The title shown to people for the feature.
    public static let title = "Tasks"
}
