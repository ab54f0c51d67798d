import Foundation
import GRDB

/// Notices commits made to a database by *other* connections — above all other processes, such as the `atelier`
/// CLI writing to the same data directory while the host runs — and reports what they changed, from the
/// database's ``ChangeLog``. The app's own writes are not reported: the app already announces them itself.
///
/// It polls SQLite's `PRAGMA data_version` on the app's own writer connection: the value changes exactly when a
/// different connection has committed. The read touches no table and holds the writer only for an instant. Changes
/// that arrive between two polls are reported together, so a burst of writes from a script is one report.
public struct DatabaseChangeMonitor: Sendable {
    /// The app's connection to the database watched.
    public let writer: any DatabaseWriter
    /// How often the database is checked.
    public let interval: Duration
    /// The change-log entry after which changes are reported; `nil` for the newest when ``run(onChange:)`` starts.
    public let startingAfter: Int64?

    /// A monitor of commits by others to the database behind `writer`, checking every `interval`.
    ///
    /// Pass `startingAfter` (``ChangeLog/latest(_:)`` read when the database was opened) so that nothing another
    /// process writes between opening and the monitor's start is missed.
    public init(writer: any DatabaseWriter, interval: Duration = .milliseconds(250), startingAfter: Int64? = nil) {
        self.writer = writer
        self.interval = interval
        self.startingAfter = startingAfter
    }

    /// Calls `onChange` with the change-log entries of each detected outside commit (empty when the other process
    /// recorded none) until the calling task is cancelled.
    public func run(onChange: @Sendable ([DatabaseChange]) async -> Void) async throws {
        var (version, seen) = try await state()
        if let startingAfter, startingAfter < seen {
            let changes = try await writer.read { db in try ChangeLog.changes(after: startingAfter, othersOnly: true, db) }
            if !changes.isEmpty { await onChange(changes) }
        }
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            if Task.isCancelled { break }
            guard let current = try? await dataVersion(), current != version else { continue }
            version = current
            // Entries this process recorded itself were announced when they were made: report the others'.
            let read = try? await writer.read { [seen] db in
                (try ChangeLog.changes(after: seen, othersOnly: true, db), try ChangeLog.newest(after: seen, db))
            }
            guard let (changes, newest) = read else { continue }
            seen = newest
            await onChange(changes)
        }
    }

    private func state() async throws -> (Int?, Int64) {
        let version = try await dataVersion()
        let seen = try await writer.read { db in try ChangeLog.latest(db) }
        return (version, seen)
    }

    private func dataVersion() async throws -> Int? {
        try await writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
    }
}
