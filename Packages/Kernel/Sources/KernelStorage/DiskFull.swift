import GRDB

/// A write refused because the disk holding the data directory is full: nothing of it was saved, everything saved
/// before is intact (SQLite rolls the transaction back), reads go on working, and the same write succeeds once space
/// is freed.
public enum DiskFull {
    /// What the pages and the command line say.
    public static let message =
        "The disk holding Atelier’s data is full, so this was not saved. Everything saved before is safe. Free some space and try again."

    /// Whether `error` is SQLite's "database or disk is full" (which is also what a write that finds no space on the
    /// disk gives), or a database that could not be opened for that reason.
    public static func matches(_ error: any Error) -> Bool {
        if case .diskFull = error as? StorageError { return true }
        return (error as? DatabaseError)?.resultCode == .SQLITE_FULL
    }
}
