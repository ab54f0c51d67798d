import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Tells when a database in the data directory may have been committed to by another process, without reading
/// anything while nothing changes: Linux reports every write to a database's write-ahead log (`<name>.sqlite-wal`)
/// through inotify, and the watch hands on the database's name (`tasks`) as it happens.
///
/// The watch runs on a thread of its own, asleep in `poll` until the kernel reports a write or ``stop()`` wakes it.
/// Where inotify cannot be had (another operating system, a file system without it), ``changes`` simply stays quiet
/// and the host's slow safety check still finds what changed.
public final class DatabaseFileWatch: Sendable {
    /// The names of the databases written to, as writes happen (a burst of writes may be told once).
    public let changes: AsyncStream<String>
    /// The pipe that wakes the thread to stop (read end, write end), or -1s when there is no watch. Both stay open until
    /// the thread has ended, so a wake never writes to a closed pipe.
    private let wake: (read: Int32, write: Int32)
    private let stopped = Mutex(false)
    /// Signalled by the thread as it ends, so that the pipe is closed only once it no longer polls it.
    private let ended = DispatchSemaphore(value: 0)

    /// Watches the databases in `directory`.
    public init(directory: String) {
        let (changes, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(64))
        self.changes = changes
        #if canImport(Glibc)
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        var ends: [Int32] = [-1, -1]
        let mask = UInt32(IN_MODIFY) | UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)
        guard watch >= 0, pipe(&ends) == 0, inotify_add_watch(watch, directory, mask) >= 0 else {
            if watch >= 0 { close(watch) }
            for end in ends where end >= 0 { close(end) }
            self.wake = (-1, -1)
            continuation.finish()
            return
        }
        // Not handed to programs this process starts (the CLI's scheduler, a notifier).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.wake = (ends[0], ends[1])
        let ended = ended
        let stop = ends[0]
        let thread = Thread {
            Self.run(watch: watch, wake: stop, continuation: continuation)
            ended.signal()
        }
        thread.name = "atelier-database-watch"
        thread.start()
        #else
        wake = (-1, -1)
        continuation.finish()
        #endif
    }

    /// Stops watching; ``changes`` ends.
    public func stop() {
        guard wake.write >= 0,
            stopped.withLock({ was in
                defer { was = true }
                return !was
            })
        else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    deinit {
        guard wake.write >= 0 else { return }
        stop()
        ended.wait()
        close(wake.read)
        close(wake.write)
    }

    #if canImport(Glibc)
    /// Waits for inotify's events until woken to stop, handing on each `-wal` file's database name.
    private static func run(watch: Int32, wake: Int32, continuation: AsyncStream<String>.Continuation) {
        defer {
            close(watch)
            continuation.finish()
        }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            var fds = [pollfd(fd: watch, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { return }
            if fds[1].revents != 0 { return }
            guard fds[0].revents & Int16(POLLIN) != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(watch, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            var names = Set<String>()
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (length, name) = buffer.withUnsafeBytes { bytes -> (Int, String) in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let raw = bytes[start..<min(count, start + Int(event.len))].prefix { $0 != 0 }
                    return (Int(event.len), String(decoding: raw, as: UTF8.self))
                }
                if name.hasSuffix(".sqlite-wal") { names.insert(String(name.dropLast(".sqlite-wal".count))) }
                offset += MemoryLayout<inotify_event>.size + length
            }
            for name in names.sorted() { continuation.yield(name) }
        }
    }
    #endif
}
