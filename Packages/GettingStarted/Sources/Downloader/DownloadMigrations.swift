import GRDB
import KernelStorage

/// The database schema of the downloader: `downloads_item`, one row per download, kept after it finishes.
public enum DownloadMigrations {
    /// The first version of the schema: `downloads.v1`.
    public static let v1 = "downloads.v1"

    /// The second: the `interrupted` state, and each running download's owner and lease (`owner`, `leaseUntil`, in
    /// seconds since 1970): `downloads.v2`. SQLite cannot change a `CHECK`, so the table is rebuilt, keeping every row
    /// and the identifiers already given out.
    public static let v2 = "downloads.v2"

    /// The third: whose download each is (`person`; the rows from before are the local person's), and each person's
    /// list order: `downloads.v3`. (`owner` stays what it was: the process running the download.)
    public static let v3 = "downloads.v3"

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
        migrator.registerMigration(v2) { db in
            try db.execute(
                sql: """
                    CREATE TABLE downloads_item_v2 (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        url TEXT NOT NULL CHECK (length(url) > 0),
                        finalURL TEXT,
                        state TEXT NOT NULL
                            CHECK (state IN ('queued', 'downloading', 'completed', 'cancelled', 'failed', 'interrupted')),
                        receivedBytes INTEGER NOT NULL DEFAULT 0,
                        totalBytes INTEGER,
                        contentType TEXT,
                        validator TEXT,
                        failure TEXT,
                        createdAt TEXT NOT NULL,
                        updatedAt TEXT NOT NULL,
                        owner TEXT,
                        leaseUntil DOUBLE
                    );
                    INSERT INTO downloads_item_v2 (
                        id, url, finalURL, state, receivedBytes, totalBytes, contentType, validator, failure, createdAt,
                        updatedAt
                    )
                    SELECT id, url, finalURL, state, receivedBytes, totalBytes, contentType, validator, failure,
                        createdAt, updatedAt
                    FROM downloads_item;
                    DELETE FROM sqlite_sequence WHERE name = 'downloads_item_v2';
                    INSERT INTO sqlite_sequence (name, seq)
                        SELECT 'downloads_item_v2', seq FROM sqlite_sequence WHERE name = 'downloads_item';
                    DROP TABLE downloads_item;
                    ALTER TABLE downloads_item_v2 RENAME TO downloads_item;
                    CREATE INDEX downloads_item_state ON downloads_item (state);
                    """
            )
        }
        migrator.registerMigration(v3) { db in
            try db.execute(
                sql: """
                    ALTER TABLE downloads_item ADD COLUMN person INTEGER NOT NULL DEFAULT 1;
                    CREATE INDEX downloads_item_person ON downloads_item (person, id);
                    """
            )
        }
    }

    /// The migrations in the form the host applies to `downloads.sqlite`.
    public static let feature = FeatureMigrations { migrator in
        register(in: &migrator)
    }
}
