/// Why storage could not be opened or used, phrased for the person running Atelier.
public enum StorageError: Error, Equatable, CustomStringConvertible {
    /// The data directory cannot hold Atelier's files.
    case dataDirectoryUnusable(path: String, reason: String)
    /// A database file could not be opened or migrated.
    case databaseUnusable(path: String, reason: String)

    public var description: String {
        switch self {
        case .dataDirectoryUnusable(let path, let reason):
            "The data directory \(path) cannot be used: \(reason). Choose another with --data-dir."
        case .databaseUnusable(let path, let reason):
            "The database \(path) cannot be opened: \(reason)."
        }
    }
}
