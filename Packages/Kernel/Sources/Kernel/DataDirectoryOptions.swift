import ArgumentParser
import GRDB
import KernelEvents
import KernelStorage

/// The `--data-dir` option every command shares, so a feature's CLI command works on the same files as the host.
public struct DataDirectoryOptions: ParsableArguments, Sendable {
    /// The folder given with `--data-dir`, if any.
    @Option(
        name: .customLong("data-dir"),
        help: "Where Atelier keeps its data (default: $XDG_DATA_HOME/atelier or ~/.local/share/atelier)."
    )
    public var path: String?

    public init() {}

    /// The chosen data directory, or the default location.
    public var directory: DataDirectory {
        path.map(DataDirectory.init(path:)) ?? .defaultLocation()
    }

    /// Prepares the data directory and opens the database of feature `id` with its migrations, as the host does.
    public func openDatabase(featureID id: String, migrations: FeatureMigrations) throws -> DatabasePool {
        let directory = self.directory
        do {
            try directory.prepare()
            return try FeatureDatabase.open(named: id, in: directory, migrations: migrations)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// What a feature's CLI command works with: the feature's database, opened and migrated as the host does, and a
    /// bus of the command's own (a host running on the same directory learns of the changes from the database's
    /// change log, not from this bus).
    public func commandContext(for feature: FeatureDescriptor) throws -> CommandContext {
        CommandContext(
            database: try openDatabase(featureID: feature.id, migrations: feature.migrations),
            bus: EventBus()
        )
    }
}

/// The parts a feature's CLI command works with (see ``DataDirectoryOptions/commandContext(for:)``).
public struct CommandContext: Sendable {
    /// The feature's database.
    public let database: DatabasePool
    /// A bus local to the command.
    public let bus: EventBus
}
