import Kernel
import KernelStorage

extension FeatureDescriptor {
    /// Assignments: its id (`assignments`), launcher tile and migrations, read by its CLI, its pages and the host.
    public static let assignments = FeatureDescriptor(
        id: "assignments",
        title: "Assignments",
        icon: "⚑",
        tint: .blue,
        summary: "University assignments and their tasks: progress, reminders and your calendar.",
        migrations: FeatureMigrations { AssignmentTrackerMigrations.register(in: &$0) }
    )
}
