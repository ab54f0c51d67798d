import GRDB
import Kernel

/// The database schema of the task list.
///
/// The task list keeps its own database file, holding only its tables:
/// - `tasks_item`: one row per task, owned by one person, with an index on `(owner, isDone, day, sortName, id)` for
///   each person's list order;
/// - `tasks_meta`: small key-value facts about the database, such as whether the example tasks were added.
public enum TaskListMigrations {
    /// The identifier of the migration that creates the first version of the schema: `tasks.v1`.
    public static let v1 = "tasks.v1"

    /// Registers the task list's migrations, in order, with a migrator.
    ///
    /// The migrations are written in SQL, independently of the Swift types, so that they keep meaning the same
    /// thing when those types change.
    public static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(v1) { db in
            try db.execute(
                sql: """
                    CREATE TABLE tasks_item (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL CHECK (length(name) > 0),
                        details TEXT NOT NULL DEFAULT '',
                        isDone BOOLEAN NOT NULL DEFAULT 0 CHECK (isDone IN (0, 1)),
                        day TEXT NOT NULL CHECK (length(day) = 10),
                        createdAt DOUBLE NOT NULL,
                        updatedAt DOUBLE NOT NULL
                    );
                    CREATE INDEX tasks_item_isDone_day ON tasks_item (isDone, day);
                    CREATE TABLE tasks_meta (
                        key TEXT PRIMARY KEY NOT NULL,
                        value TEXT NOT NULL
                    );
                    """
            )
        }
        migrator.registerMigration(v2) { db in
            try db.execute(
                sql: """
                    ALTER TABLE tasks_item ADD COLUMN sortName TEXT NOT NULL DEFAULT '';
                    DROP INDEX tasks_item_isDone_day;
                    CREATE INDEX tasks_item_order ON tasks_item (isDone, day DESC, sortName, id);
                    """
            )
            // The key is a pure function of the name (case folding and NFC, see TaskOrdering.sortKey).
            let rows = try Row.fetchAll(db, sql: "SELECT id, name FROM tasks_item")
            for row in rows {
                let name: String = row["name"]
                try db.execute(
                    sql: "UPDATE tasks_item SET sortName = ? WHERE id = ?",
                    arguments: [TaskOrdering.sortKey(name), row["id"] as Int64]
                )
            }
        }
        migrator.registerMigration(v3) { db in
            try db.execute(
                sql: """
                    ALTER TABLE tasks_item ADD COLUMN owner INTEGER NOT NULL DEFAULT 1;
                    DROP INDEX tasks_item_order;
                    CREATE INDEX tasks_item_order ON tasks_item (owner, isDone, day DESC, sortName, id);
                    """
            )
        }
    }

    /// The identifier of the migration that stores each name's sort key and indexes the list order: `tasks.v2`.
    public static let v2 = "tasks.v2"

    /// The identifier of the migration that gives every task an owner (the local person for the tasks from before) and
    /// indexes each person's list order: `tasks.v3`.
    public static let v3 = "tasks.v3"

    /// Brings a database up to the current schema (the kernel's change log and the task list's tables), as the host
    /// and the CLI do.
    public static func migrate(_ writer: any DatabaseWriter) throws {
        try FeatureDescriptor.tasks.migrations.apply(to: writer)
    }
}
