import Kernel
import KernelStorage

extension FeatureDescriptor {
    /// The sign-up form of the brief's task 2: its id (`signup`) and launcher tile. It stores nothing (the password
    /// must never rest anywhere), so it has no migrations.
    public static let signup = FeatureDescriptor(
        id: "signup",
        title: "Sign-up Form",
        icon: "✎",
        tint: .teal,
        summary: "A sign-up form that checks what you type and prepares it for a server.",
        migrations: .none
    )
}
