import Foundation
import Kernel
import KernelStorage
import Logging
import ServiceLifecycle
import Synchronization

/// Tells the host about other processes' commits to the data directory's databases (the CLI, an operating-system
/// job), for as long as it runs: the kernel's file watch says which database was written to, and that feature's feed
/// catches up with its change log (the kernel's own database wakes notice and push delivery). Nothing is read while
/// nothing changes; a slow safety check (every ``safetyInterval``) catches up on what a watch cannot see (a file system
/// without inotify, an overflowed event queue).
struct DatabaseWatchService: Service {
    /// How often every feed catches up whether or not a write was seen.
    static let safetyInterval: Duration = .seconds(30)

    let directory: String
    let feeds: [String: ChangeFeed]
    let kernelChanged: @Sendable () -> Void
    let logger: Logger

    /// When, after the last write seen to a database, it is looked at again: a commit is readable only once its
    /// writer has published it in the shared-memory index, a moment after its last write to the log, or longer when
    /// that writer is kept off the processor (a busy machine), so a burst gets a quick second look and a late one.
    static let settleDelays: [Duration] = [.milliseconds(100), .seconds(1)]

    func changed(_ name: String) async {
        if name == "kernel" { kernelChanged() } else { await feeds[name]?.catchUp() }
    }

    func run() async throws {
        let watch = DatabaseFileWatch(directory: directory)
        // What was committed between the databases being opened and now.
        for feed in feeds.values { await feed.catchUp() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                // A write to the log is seen a moment before the commit it belongs to can be read (the commit is
                // published in the shared-memory index after the log's last write), so each burst of writes to a
                // database is followed by a look once it has been quiet for a moment, and one more a while later.
                let bursts = Bursts()
                await withDiscardingTaskGroup { lookAgain in
                    for await name in watch.changes {
                        let burst = bursts.begin(name)
                        await changed(name)
                        lookAgain.addTask {
                            var waited = Duration.zero
                            for delay in Self.settleDelays {
                                try? await Task.sleep(for: delay - waited)
                                waited = delay
                                guard !Task.isCancelled && bursts.isLatest(burst, of: name) else { return }
                                await changed(name)
                            }
                        }
                    }
                }
            }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: Self.safetyInterval)
                    guard !Task.isCancelled else { return }
                    for feed in feeds.values { await feed.catchUp() }
                    kernelChanged()
                }
            }
            try? await gracefulShutdown()
            watch.stop()
            group.cancelAll()
        }
    }
}

/// Counts the writes seen to each database, so a later look is made only for the last write of a burst.
private final class Bursts: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// Notes a write to database `name`; returns its number.
    func begin(_ name: String) -> Int {
        counts.withLock { counts in
            counts[name, default: 0] += 1
            return counts[name, default: 0]
        }
    }

    /// Whether write `number` is still the last one seen to `name`.
    func isLatest(_ number: Int, of name: String) -> Bool {
        counts.withLock { $0[name] == number }
    }
}
