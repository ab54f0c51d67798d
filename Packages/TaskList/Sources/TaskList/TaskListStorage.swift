import KernelStorage

extension TaskListMigrations {
    /// The task list's migrations in the form the host applies to `tasks.sqlite`.
    public static let feature = FeatureMigrations { migrator in
        TaskListMigrations.register(in: &migrator)
    }
}
