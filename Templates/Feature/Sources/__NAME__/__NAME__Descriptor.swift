import Kernel
import KernelStorage

extension FeatureDescriptor {
    /// __TITLE__: its id (`__ID__`), launcher tile and migrations, read by its CLI, its pages and the host.
    public static let __ID__ = FeatureDescriptor(
        id: "__ID__",
        title: "__TITLE__",
        icon: "__ICON__",
        tint: .indigo,
        summary: "__SUMMARY__",
        migrations: FeatureMigrations { __NAME__Migrations.register(in: &$0) }
    )
}
