import GRDB

/// The database schema of Assignments, in its own database file (`assignments.sqlite`):
/// - `assignments_assignment`: one row per assignment, indexed by due date for the master list and the archive;
/// - `assignments_task`: one row per task, deleted with its assignment (its `noticedSlips`, from `assignments.v3`, is
///   no longer read: a slip's notice is written with the slip, through the notice outbox);
/// - `assignments_view_state`: what each browser had open (see ``ViewStateStore``);
/// - `assignments_sync`: what the calendar server still has to learn (see ``CalendarSync``).
public enum AssignmentTrackerMigrations {
    /// The identifier of the migration that creates the tables: `assignments.v1`.
    public static let v1 = "assignments.v1"

    /// The identifier of the migration that adds the calendar server's queue: `assignments.v2`.
    public static let v2 = "assignments.v2"

    /// The identifier of the migration that counts the slips whose notice was raised: `assignments.v3`.
    public static let v3 = "assignments.v3"

    /// Whose each assignment and task is (`owner`; those from before are the local person's), each person's due-date
    /// order, and a browser's remembered view per person: `assignments.v4`.
    public static let v4 = "assignments.v4"

    /// Registers the migrations, in order. They are SQL, so they keep meaning the same when the Swift types change.
    public static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration(v1) { db in
            try db.execute(
                sql: """
                    CREATE TABLE assignments_assignment (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        uid TEXT NOT NULL UNIQUE,
                        module TEXT NOT NULL CHECK (length(module) > 0),
                        level INTEGER NOT NULL CHECK (level IN (4, 5, 6, 7)),
                        name TEXT NOT NULL CHECK (length(name) > 0),
                        value INTEGER NOT NULL CHECK (value BETWEEN 0 AND 100),
                        mark INTEGER CHECK (mark BETWEEN 0 AND 100),
                        dueAt DOUBLE NOT NULL,
                        notes TEXT NOT NULL DEFAULT '',
                        reminderKind TEXT NOT NULL DEFAULT 'off' CHECK (reminderKind IN ('off', 'before', 'at')),
                        reminderMinutes INTEGER,
                        reminderAt DOUBLE,
                        sequence INTEGER NOT NULL DEFAULT 0,
                        progressWeighted INTEGER NOT NULL DEFAULT 0,
                        progressWeight INTEGER NOT NULL DEFAULT 0,
                        taskCount INTEGER NOT NULL DEFAULT 0,
                        createdAt DOUBLE NOT NULL,
                        updatedAt DOUBLE NOT NULL
                    );
                    CREATE INDEX assignments_assignment_due ON assignments_assignment (dueAt, id);
                    CREATE TABLE assignments_task (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        assignmentID INTEGER NOT NULL REFERENCES assignments_assignment (id) ON DELETE CASCADE,
                        name TEXT NOT NULL CHECK (length(name) > 0),
                        startAt DOUBLE NOT NULL,
                        lengthKind TEXT NOT NULL DEFAULT 'none' CHECK (lengthKind IN ('none', 'end', 'hours', 'days')),
                        lengthEnd DOUBLE,
                        lengthAmount DOUBLE,
                        notes TEXT NOT NULL DEFAULT '',
                        dueAt DOUBLE,
                        reminderKind TEXT NOT NULL DEFAULT 'off' CHECK (reminderKind IN ('off', 'before', 'at')),
                        reminderMinutes INTEGER,
                        reminderAt DOUBLE,
                        percent INTEGER NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
                        behindSince DOUBLE,
                        slips INTEGER NOT NULL DEFAULT 0,
                        createdAt DOUBLE NOT NULL,
                        updatedAt DOUBLE NOT NULL
                    );
                    CREATE INDEX assignments_task_assignment ON assignments_task (assignmentID, startAt, id);
                    CREATE INDEX assignments_task_open ON assignments_task (percent) WHERE percent < 100;
                    CREATE TABLE assignments_view_state (
                        browser TEXT PRIMARY KEY NOT NULL,
                        selected INTEGER,
                        archiveOpen BOOLEAN NOT NULL DEFAULT 0,
                        scroll INTEGER NOT NULL DEFAULT 0,
                        updatedAt DOUBLE NOT NULL
                    );
                    CREATE INDEX assignments_view_state_age ON assignments_view_state (updatedAt);
                    """
            )
        }
        migrator.registerMigration(v2) { db in
            // One row per assignment the calendar server must learn of (see CalendarSync). No foreign key: the row of
            // a deleted assignment stays until its DELETE has reached the server.
            try db.execute(
                sql: """
                    CREATE TABLE assignments_sync (
                        uid TEXT PRIMARY KEY NOT NULL,
                        assignmentID INTEGER NOT NULL,
                        pending BOOLEAN NOT NULL DEFAULT 1,
                        deleted BOOLEAN NOT NULL DEFAULT 0,
                        etag TEXT,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        nextAttemptAt DOUBLE NOT NULL DEFAULT 0,
                        leaseUntil DOUBLE NOT NULL DEFAULT 0,
                        lastError TEXT,
                        syncedAt DOUBLE
                    );
                    CREATE INDEX assignments_sync_due ON assignments_sync (pending, nextAttemptAt);
                    CREATE INDEX assignments_sync_assignment ON assignments_sync (assignmentID);
                    """
            )
        }
        migrator.registerMigration(v3) { db in
            // How many of a task's slips have had their notice raised: a slip marked by a check that stopped before
            // its notice went out (a kill, a failed write) is raised by a later check. Existing slips count as not
            // raised; their notices are keyed, so the first check raises only those that are missing.
            try db.execute(sql: "ALTER TABLE assignments_task ADD COLUMN noticedSlips INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration(v4) { db in
            try db.execute(
                sql: """
                    ALTER TABLE assignments_assignment ADD COLUMN owner INTEGER NOT NULL DEFAULT 1;
                    ALTER TABLE assignments_task ADD COLUMN owner INTEGER NOT NULL DEFAULT 1;
                    DROP INDEX assignments_assignment_due;
                    CREATE INDEX assignments_assignment_due ON assignments_assignment (owner, dueAt, id);
                    """
            )
        }
    }
}
