import GRDB
import Kernel
import KernelStorage

extension FeatureDescriptor {
    /// The countdown clock of the brief's task 4: its id (`countdown`), launcher tile and migrations.
    public static let countdown = FeatureDescriptor(
        id: "countdown",
        title: "Countdown",
        icon: "◷",
        tint: .orange,
        summary: "Timers that notify you when they reach zero, even with Atelier closed.",
        migrations: FeatureMigrations { migrator in
            migrator.registerMigration("countdown.v1") { db in
                try db.execute(
                    sql: """
                        CREATE TABLE countdown_timer (
                            id INTEGER PRIMARY KEY AUTOINCREMENT,
                            key TEXT NOT NULL UNIQUE,
                            label TEXT NOT NULL DEFAULT '',
                            seconds INTEGER NOT NULL CHECK (seconds > 0),
                            startedAt TEXT NOT NULL,
                            deadline TEXT NOT NULL,
                            job TEXT
                        );
                        CREATE INDEX countdown_timer_deadline ON countdown_timer (deadline, id);
                        """
                )
            }
            // Each countdown is one person's; those from before are the local person's.
            migrator.registerMigration("countdown.v2") { db in
                try db.execute(
                    sql: """
                        ALTER TABLE countdown_timer ADD COLUMN owner INTEGER NOT NULL DEFAULT 1;
                        DROP INDEX countdown_timer_deadline;
                        CREATE INDEX countdown_timer_deadline ON countdown_timer (owner, deadline, id);
                        """
                )
            }
        },
        noticeUrgency: .high
    )
}
