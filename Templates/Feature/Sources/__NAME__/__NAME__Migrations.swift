import GRDB

/// The database schema of __TITLE__, in its own database file (`__ID__.sqlite`).
public enum __NAME__Migrations {
    /// The identifier of the migration that creates the `__ID___entry` table: `__ID__.v1`.
    public static let v1 = "__ID__.v1"

    /// Registers the migrations, in order. They are SQL, so they keep meaning the same when the Swift types change.
    public static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(v1) { db in
            try db.execute(
                sql: """
                    CREATE TABLE __ID___entry (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        title TEXT NOT NULL CHECK (length(title) > 0),
                        createdAt DOUBLE NOT NULL,
                        owner INTEGER NOT NULL DEFAULT 1
                    );
                    CREATE INDEX __ID___entry_owner ON __ID___entry (owner, id);
                    """
            )
        }
    }
}
