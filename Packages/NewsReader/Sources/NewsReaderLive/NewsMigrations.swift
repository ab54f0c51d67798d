import GRDB

/// The reader's schema, in its own database file (`news.sqlite`): the last good feed and how fetching has fared.
public enum NewsMigrations {
    /// The identifier of the first migration: `news.v1`.
    public static let v1 = "news.v1"

    /// Registers the migrations, in order. They are SQL, so they keep meaning the same when the Swift types change.
    public static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(v1) { db in
            try db.execute(
                sql: """
                    CREATE TABLE news_headline (
                        id TEXT PRIMARY KEY,
                        headline TEXT NOT NULL,
                        updated INTEGER NOT NULL,
                        introduction TEXT NOT NULL,
                        position INTEGER NOT NULL
                    );
                    CREATE UNIQUE INDEX news_headline_position ON news_headline (position);
                    CREATE TABLE news_status (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        lastSuccess DOUBLE,
                        lastFailure DOUBLE,
                        failureMessage TEXT
                    );
                    INSERT INTO news_status (id) VALUES (1);
                    """
            )
        }
    }
}
