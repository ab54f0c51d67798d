/// Why storage could not be opened or used, phrased for the person running Atelier.
public enum StorageError: Error, Equatable, CustomStringConvertible {
    /// The data directory cannot hold Atelier's files.
    case dataDirectoryUnusable(path: String, reason: String)
    /// A database file could not be opened or migrated.
    case databaseUnusable(path: String, reason: String)
    /// A database file could not be opened or migrated because the disk holding it is full.
    case diskFull(path: String)

    public var description: String {
        switch self {
        case .dataDirectoryUnusable(let path, let reason):
            "The data directory \(path) cannot be used: \(reason). Choose another with --data-dir."
        case .databaseUnusable(let path, let reason):
            "The database \(path) cannot be opened: \(reason)."
        case .diskFull(let path):
            "The disk holding \(path) is full, so it could not be opened. Everything saved is safe. Free some space and try again."
        }
    }
}
