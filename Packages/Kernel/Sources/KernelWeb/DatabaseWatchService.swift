import Foundation
import Kernel
import KernelStorage
import Logging
import ServiceLifecycle

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

    func run() async throws {
        let watch = DatabaseFileWatch(directory: directory)
        // What was committed between the databases being opened and now.
        for feed in feeds.values { await feed.catchUp() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await name in watch.changes {
                    if name == "kernel" { kernelChanged() } else { await feeds[name]?.catchUp() }
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
