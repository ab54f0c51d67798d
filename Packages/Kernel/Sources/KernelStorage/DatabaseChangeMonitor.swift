import Foundation
import GRDB

/// Notices commits made to a database file by any connection, including other processes such as the `atelier` CLI
/// writing to the same data directory while the host runs.
///
/// It keeps one private connection and polls SQLite's `PRAGMA data_version`, which changes whenever another
/// connection commits: a cheap read that touches no table.
public struct DatabaseChangeMonitor: Sendable {
    /// The database file watched.
    public let path: String
    /// How often the file is checked.
    public let interval: Duration

    /// A monitor for the database at `path`, checking every `interval`.
    public init(path: String, interval: Duration = .milliseconds(250)) {
        self.path = path
        self.interval = interval
    }

    /// Calls `onChange` after each detected commit until the calling task is cancelled.
    public func run(onChange: @Sendable () async -> Void) async throws {
        var configuration = FeatureDatabase.configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        var last = try await queue.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            if Task.isCancelled { break }
            let current = try? await queue.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
            if let current, current != last {
                last = current
                await onChange()
            }
        }
    }
}
