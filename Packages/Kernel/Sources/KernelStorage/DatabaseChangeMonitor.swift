import Foundation
import GRDB

/// Notices commits made to a database by *other* connections — above all other processes, such as the `atelier`
/// CLI writing to the same data directory while the host runs — and ignores the app's own writes, which the app
/// already announces itself.
///
/// It polls SQLite's `PRAGMA data_version` on the app's own writer connection: the value changes exactly when a
/// different connection has committed. The read touches no table and holds the writer only for an instant.
public struct DatabaseChangeMonitor: Sendable {
    /// The app's connection to the database watched.
    public let writer: any DatabaseWriter
    /// How often the database is checked.
    public let interval: Duration

    /// A monitor of commits by others to the database behind `writer`, checking every `interval`.
    public init(writer: any DatabaseWriter, interval: Duration = .milliseconds(250)) {
        self.writer = writer
        self.interval = interval
    }

    /// Calls `onChange` after each detected outside commit until the calling task is cancelled.
    public func run(onChange: @Sendable () async -> Void) async throws {
        var last = try await dataVersion()
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            if Task.isCancelled { break }
            if let current = try? await dataVersion(), current != last {
                last = current
                await onChange()
            }
        }
    }

    private func dataVersion() async throws -> Int? {
        try await writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
    }
}
