import Foundation
import GRDB
import KernelEvents
import KernelStorage
import Synchronization

/// The one way a committed change travels, from a feature's database to everything that shows it.
///
/// A feature records each change in its database's `ChangeLog` inside the transaction that makes it. The feed reads
/// what the log gained since it last looked and turns it into the feature's one ``RowChangeEvent`` (which kind of
/// change, to which rows): after every commit this process makes (told by GRDB as the commit happens, so before the
/// write that made it returns), and after another process's (``catchUp()``, which the host calls when the kernel tells
/// it the database file changed). Before the event is posted, the caches the feature declared are forgotten, so no page
/// is told of a change its cache has not seen; then `committed` is called (the host carries the feature's notices on).
///
/// Feature code never posts its change event itself, and never invalidates a cache.
public final class ChangeFeed: Sendable {
    private let database: any DatabaseWriter
    private let cursor: Mutex<Int64>
    private let deliver: @Sendable ([DatabaseChange]) -> Void
    private let observation = Mutex<AnyDatabaseCancellable?>(nil)

    /// A feed of the changes to `database` recorded after `startingAfter` (the log's newest entry when the database was
    /// opened, so nothing written in between is missed), posted on `bus` as `Event`, after forgetting `caches`.
    public init<Event: RowChangeEvent>(
        database: any DatabaseWriter,
        event: Event.Type,
        bus: EventBus,
        caches: FeatureCaches = .none,
        startingAfter: Int64,
        committed: @escaping @Sendable () -> Void = {}
    ) {
        self.database = database
        cursor = Mutex(startingAfter)
        deliver = { changes in
            // Committed, and nobody told yet: what a process killed here leaves, the next host finishes.
            CrashPoint.reached("changes.committed")
            caches.invalidate()
            for event in Event.events(outside: changes) { bus.post(event) }
            committed()
        }
    }

    /// A feed of `database`'s changes from the newest entry of its log on, started: what a feature's core used on its
    /// own (a test, another app) needs to hear its own changes.
    public static func started<Event: RowChangeEvent>(
        on database: any DatabaseWriter,
        event: Event.Type,
        bus: EventBus,
        caches: FeatureCaches = .none
    ) throws -> ChangeFeed {
        let latest = try database.read { db in try ChangeLog.latest(db) }
        let feed = ChangeFeed(database: database, event: event, bus: bus, caches: caches, startingAfter: latest)
        feed.start()
        return feed
    }

    /// Starts telling this process's commits as they happen (and what was logged since the feed's start), until
    /// ``stop()``.
    public func start() {
        let tracking = DatabaseRegionObservation(tracking: Table(ChangeLog.tableName))
        let cancellable = tracking.start(in: database, onError: { _ in }, onChange: { [weak self] db in self?.deliverNew(db) })
        observation.withLock { $0 = cancellable }
    }

    /// Stops telling commits.
    public func stop() {
        observation.withLock { $0 = nil }
    }

    /// Tells what the log gained since the feed last looked, whoever wrote it: after another process's commit.
    public func catchUp() async {
        try? await database.read { db in self.deliverNew(db) }
    }

    private func deliverNew(_ db: Database) {
        let changes = cursor.withLock { seen -> [DatabaseChange] in
            guard let changes = try? ChangeLog.changes(after: seen, db), let last = changes.last else { return [] }
            seen = last.seq
            return changes
        }
        if !changes.isEmpty { deliver(changes) }
    }
}
