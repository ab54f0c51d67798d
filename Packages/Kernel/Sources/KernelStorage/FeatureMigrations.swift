import GRDB

/// The schema migrations of one feature, applied in registration order to that feature's own database.
///
/// Migrations are named with the feature's id as a prefix (`tasks.v1`), and are never edited once shipped: a change
/// of schema is a new migration. They use SQL or GRDB's schema API, never the app's model types.
public struct FeatureMigrations: Sendable {
    private let register: @Sendable (inout DatabaseMigrator) -> Void

    /// Migrations registered by `register`.
    public init(_ register: @escaping @Sendable (inout DatabaseMigrator) -> Void) {
        self.register = register
    }

    /// No migrations: the feature keeps no data of its own.
    public static let none = FeatureMigrations { _ in }

    /// A migrator holding the kernel's change log (``ChangeLog``, registered first so its place never moves), these
    /// migrations, the kernel's notice outbox (``NoticeOutbox``, added after every feature's first migrations) and
    /// the owners of the change log's and
    /// the outbox's entries.
    public func migrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        ChangeLog.register(in: &migrator)
        register(&migrator)
        NoticeOutbox.register(in: &migrator)
        ChangeLog.registerOwner(in: &migrator)
        NoticeOutbox.registerOwner(in: &migrator)
        return migrator
    }

    /// Applies the migrations not yet applied to `writer`.
    public func apply(to writer: some DatabaseWriter) throws {
        try migrator().migrate(writer)
    }
}
