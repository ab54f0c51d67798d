import GRDB
import KernelStorage

/// The database schema of the downloader: `downloads_item`, one row per download, kept after it finishes.
public enum DownloadMigrations {
    /// The first version of the schema: `downloads.v1`.
    public static let v1 = "downloads.v1"

    /// Registers the downloader's migrations, in order.
    public static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(v1) { db in
            try db.execute(
                sql: """
                    CREATE TABLE downloads_item (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        url TEXT NOT NULL CHECK (length(url) > 0),
                        finalURL TEXT,
                        state TEXT NOT NULL
                            CHECK (state IN ('queued', 'downloading', 'completed', 'cancelled', 'failed')),
                        receivedBytes INTEGER NOT NULL DEFAULT 0,
                        totalBytes INTEGER,
                        contentType TEXT,
                        validator TEXT,
                        failure TEXT,
                        createdAt TEXT NOT NULL,
                        updatedAt TEXT NOT NULL
                    );
                    CREATE INDEX downloads_item_state ON downloads_item (state);
                    """
            )
        }
    }

    /// The migrations in the form the host applies to `downloads.sqlite`.
    public static let feature = FeatureMigrations { migrator in
        register(in: &migrator)
    }
}
