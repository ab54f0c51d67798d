import Kernel
import KernelStorage

extension FeatureDescriptor {
    /// The task list: its id (`tasks`), launcher tile and migrations, read by its CLI, its pages and the host.
    public static let tasks = FeatureDescriptor(
        id: "tasks",
        title: "Tasks",
        icon: "✓",
        tint: .green,
        summary: "A to-do list: open tasks first, the latest date on top.",
        migrations: FeatureMigrations { TaskListMigrations.register(in: &$0) }
    )
}
