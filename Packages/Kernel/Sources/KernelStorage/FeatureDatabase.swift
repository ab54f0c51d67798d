import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#endif

/// Opens the databases features keep their data in.
///
/// Each feature owns one SQLite file, `<data-dir>/<feature-id>.sqlite`, rather than sharing a single file:
/// - a feature's tables, migrations and lock are its own, so one feature's long write never blocks another's,
///   and no cross-feature foreign key can even be written;
/// - a feature's CLI command opens and migrates only its own file, whatever other features are enabled;
/// - a feature's data can be backed up, inspected or reset by copying or deleting one file.
///
/// Files are opened in WAL mode (a `DatabasePool`), so readers never wait for the writer and a crash or kill
/// mid-write leaves the last committed state intact.
public enum FeatureDatabase {
    /// Opens (creating if needed) the database named `name` in `directory` and applies `migrations`.
    public static func open(
        named name: String,
        in directory: DataDirectory,
        migrations: FeatureMigrations
    ) throws(StorageError) -> DatabasePool {
        let path = directory.databasePath(named: name)
        // Readable by its owner only; SQLite gives the -wal and -shm files the database file's mode.
        let created = Glibc.open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        if created >= 0 { Glibc.close(created) }
        do {
            var configuration = configuration()
            StatementLog.attach(to: &configuration, name: name)
            let pool = try DatabasePool(path: path, configuration: configuration)
            try migrations.apply(to: pool)
            return pool
        } catch let error as DatabaseError {
            if error.resultCode == .SQLITE_FULL { throw .diskFull(path: path) }
            throw .databaseUnusable(path: path, reason: error.message ?? error.description)
        } catch {
            throw .databaseUnusable(path: path, reason: "\(error)")
        }
    }

    /// An in-memory database with `migrations` applied, for unit tests of logic.
    public static func inMemory(migrations: FeatureMigrations) throws -> DatabaseQueue {
        let queue = try DatabaseQueue(configuration: configuration())
        try migrations.apply(to: queue)
        return queue
    }

    /// The configuration every Atelier database uses: foreign keys on, and a busy timeout so that a second
    /// process (the CLI next to a running host) waits for a lock instead of failing.
    public static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        return configuration
    }
}
