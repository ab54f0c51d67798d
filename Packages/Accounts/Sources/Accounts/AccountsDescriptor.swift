import Kernel
import KernelStorage

extension FeatureDescriptor {
    /// Accounts: its id (`accounts`), launcher tile and migrations, read by its CLI, its pages and the host.
    public static let accounts = FeatureDescriptor(
        id: "accounts",
        title: "Accounts",
        icon: "☺",
        tint: .purple,
        summary: "Log in, sign up, your details and an image grid.",
        migrations: FeatureMigrations { AccountsMigrations.register(in: &$0) }
    )
}
