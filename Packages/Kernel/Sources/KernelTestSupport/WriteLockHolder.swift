import GRDB
import KernelStorage

/// Another process's connection that holds a database's write lock, as a process in the middle of a burst of
/// writes holds it: for tests of code that must not wait for that lock.
public final class WriteLockHolder: Sendable {
    private let queue: DatabaseQueue

    /// Opens the database file at `path` as every Atelier database is opened, and takes its write lock
    /// (`BEGIN IMMEDIATE`), kept until ``release()``.
    public init(path: String) async throws {
        var configuration = FeatureDatabase.configuration()
        // The transaction stays open across two accesses.
        configuration.allowsUnsafeTransactions = true
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try await queue.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
    }

    /// Lets the write lock go.
    public func release() async throws {
        try await queue.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
    }
}
