#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A mutual-exclusion lock that guards a value: a `pthread_mutex_t`, as NIO's `NIOLock` is.
///
/// Why not `Synchronization.Mutex`: on Linux it locks with a priority-inheritance futex, which
/// ThreadSanitizer does not intercept, so a TSan run would report every access made under it as a race.
/// ThreadSanitizer knows `pthread_mutex_lock`, so a TSan run of the bus reports only real races.
///
/// `@unchecked Sendable`: the value is only reached inside ``withLock(_:)``, with the lock held.
struct BusLock<State>: ~Copyable, @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let state: UnsafeMutablePointer<State>

    /// Creates a lock guarding `initialState`.
    init(_ initialState: consuming State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let created = pthread_mutex_init(mutex, nil)
        precondition(created == 0, "pthread_mutex_init failed: \(created)")
        state = .allocate(capacity: 1)
        state.initialize(to: initialState)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the lock held and the value to read or change. `body` must not take the same lock
    /// again (the lock is not recursive).
    @inline(__always)
    func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }
}
