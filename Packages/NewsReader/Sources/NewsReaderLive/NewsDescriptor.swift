import Kernel
import KernelStorage

extension FeatureDescriptor {
    /// The news reader: its id (`news`), launcher tile and migrations, read by its CLI, its pages and the host.
    public static let news = FeatureDescriptor(
        id: "news",
        title: "News",
        icon: "≡",
        tint: .red,
        summary: "Headlines from a news feed, each with its introduction; reload any time.",
        migrations: FeatureMigrations { NewsMigrations.register(in: &$0) }
    )
}
