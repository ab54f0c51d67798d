#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A mutual-exclusion lock over a `pthread_mutex_t` that guards a value: the bus's replacement for
/// `Synchronization.Mutex`.
///
/// Why not `Mutex`: on Linux it locks with a priority-inheritance futex, which ThreadSanitizer does not
/// intercept, so TSan cannot see the ordering the lock gives and reports every access made under it as a
/// race. A `pthread_mutex_t` is intercepted, so a TSan run of the bus reports only real races. An
/// uncontended lock and unlock cost about the same as `Mutex`'s.
///
/// The mutex and the value share one allocation that never moves (a `pthread_mutex_t` must not be
/// copied or moved once initialized), freed when the lock is.
///
/// `@unchecked Sendable`: the value is only reached inside ``withLock(_:)``, with the mutex held, like
/// `Mutex`, which is `Sendable` for any value.
struct BusLock<State>: ~Copyable, @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let state: UnsafeMutablePointer<State>

    /// Creates a lock guarding `initialState`.
    init(_ initialState: consuming State) {
        let stateOffset = Self.stateOffset
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: stateOffset + MemoryLayout<State>.size,
            alignment: max(MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<State>.alignment)
        )
        mutex = raw.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        // A default (normal, non-recursive, private) mutex: its fast path is a single compare-and-swap.
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "KernelBus: pthread_mutex_init failed (\(status))")
        state = (raw + stateOffset).bindMemory(to: State.self, capacity: 1)
        state.initialize(to: initialState)
    }

    deinit {
        state.deinitialize(count: 1)
        pthread_mutex_destroy(mutex)
        UnsafeMutableRawPointer(mutex).deallocate()
    }

    private static var stateOffset: Int {
        let size = MemoryLayout<pthread_mutex_t>.size
        let alignment = MemoryLayout<State>.alignment
        return (size + alignment - 1) / alignment * alignment
    }

    /// Runs `body` with the lock held and the value to read or change. `body` must not take the same lock
    /// again (the mutex is not recursive).
    @inline(__always)
    func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }
}
