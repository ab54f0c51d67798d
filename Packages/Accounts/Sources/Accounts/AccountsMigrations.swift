import Foundation
import GRDB

/// The database schema of Accounts, in its own database file (`accounts.sqlite`).
public enum AccountsMigrations {
    /// Creates the accounts and their sessions: `accounts.v1`.
    public static let v1 = "accounts.v1"

    /// Notes when each session was last used, so one left unused ends before its lifetime is out: `accounts.v2`.
    public static let v2 = "accounts.v2"

    /// Registers the migrations, in order. They are SQL, so they keep meaning the same when the Swift types change.
    public static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(v1) { db in
            try db.execute(
                sql: """
                    CREATE TABLE accounts_user (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        email TEXT NOT NULL,
                        emailKey TEXT NOT NULL UNIQUE,
                        passwordHash TEXT NOT NULL CHECK (passwordHash LIKE '$2%'),
                        firstName TEXT NOT NULL,
                        lastName TEXT NOT NULL,
                        mobile TEXT NOT NULL,
                        gender TEXT NOT NULL,
                        createdAt DOUBLE NOT NULL
                    );
                    CREATE TABLE accounts_session (
                        token TEXT PRIMARY KEY,
                        userID INTEGER NOT NULL REFERENCES accounts_user(id) ON DELETE CASCADE,
                        createdAt DOUBLE NOT NULL,
                        expiresAt DOUBLE NOT NULL
                    );
                    CREATE INDEX accounts_session_user ON accounts_session(userID);
                    """
            )
        }
        migrator.registerMigration(v2) { db in
            // A session from before counts as used at the upgrade: one in daily use must not end because its last use
            // was never written down.
            try db.execute(
                sql: """
                    ALTER TABLE accounts_session ADD COLUMN lastSeenAt DOUBLE NOT NULL DEFAULT 0;
                    UPDATE accounts_session SET lastSeenAt = max(createdAt, ?);
                    """,
                arguments: [Date().timeIntervalSince1970]
            )
        }
    }
}
