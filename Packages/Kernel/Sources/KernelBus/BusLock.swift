#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A lock that guards a value: a `pthread_rwlock_t`, so that posts on several threads read the observer
/// table side by side (with a mutex, four threads posting on two cores took 2–5 times as long each as one).
/// Not `Synchronization.Mutex`: on Linux it locks with a futex ThreadSanitizer does not intercept, so a TSan
/// run would report every access made under it as a race; TSan knows the pthread locks.
///
/// `@unchecked Sendable`: the value is only reached inside ``withLock(_:)`` or ``withReadLock(_:)``.
struct BusLock<State>: ~Copyable, @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>
    private let state: UnsafeMutablePointer<State>

    /// Creates a lock guarding `initialState`.
    init(_ initialState: consuming State) {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        let created = pthread_rwlock_init(lock, nil)
        precondition(created == 0, "pthread_rwlock_init failed: \(created)")
        state = .allocate(capacity: 1)
        state.initialize(to: initialState)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
        pthread_rwlock_destroy(lock)
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Runs `body` with the lock held alone and the value to read or change. `body` must not take the same
    /// lock again (the lock is not recursive).
    @inline(__always)
    func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(&state.pointee)
    }

    /// Runs `body` with the lock held to read, beside other readers, and the value to read. `body` must not
    /// take the same lock again.
    @inline(__always)
    func withReadLock<Result, Failure: Error>(
        _ body: (borrowing State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(state.pointee)
    }
}
