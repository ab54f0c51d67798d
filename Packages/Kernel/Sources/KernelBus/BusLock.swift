import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A mutual-exclusion lock over one atomic word that guards a value: the bus's replacement for
/// `Synchronization.Mutex`.
///
/// Locking is a compare-and-swap of the word from 0 to 1 (acquiring); unlocking is a plain releasing store
/// of 0, no read-modify-write, so an uncontended lock and unlock cost one atomic instruction instead of
/// the two of a `pthread_mutex_t` or `Mutex`. A thread that finds the lock held spins briefly (the holder is
/// most likely running on another core, and the bus holds its locks for tens of nanoseconds), then yields,
/// then sleeps for doubling spans of at most a millisecond until it gets the lock: with nothing to wake it,
/// a holder's unlock needs no atomic instruction to learn whether anyone waits. A holder that is descheduled
/// therefore costs its waiters a few yields and sleeps, not a core. Like a default `pthread_mutex_t`, it is
/// not fair: a thread may take the lock again ahead of a sleeping one.
///
/// Why not `Mutex`: on Linux it locks with a priority-inheritance futex, which ThreadSanitizer does not
/// intercept, so TSan cannot see the ordering the lock gives and reports every access made under it as a
/// race. This lock's ordering is that of its own atomics (an acquiring compare-and-swap, a releasing store),
/// which TSan instruments like any other, so a TSan run of the bus reports only real races.
///
/// The word and the value share one allocation that never moves (an atomic must not be moved), freed when
/// the lock is.
///
/// `@unchecked Sendable`: the value is only reached inside ``withLock(_:)``, with the lock held, like
/// `Mutex`, which is `Sendable` for any value.
struct BusLock<State>: ~Copyable, @unchecked Sendable {
    private let word: UnsafeMutablePointer<Atomic<Int>>
    private let state: UnsafeMutablePointer<State>

    /// Creates a lock guarding `initialState`.
    init(_ initialState: consuming State) {
        let stateOffset = Self.stateOffset
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: stateOffset + MemoryLayout<State>.size,
            alignment: max(MemoryLayout<Atomic<Int>>.alignment, MemoryLayout<State>.alignment)
        )
        word = raw.bindMemory(to: Atomic<Int>.self, capacity: 1)
        word.initialize(to: Atomic(0))
        state = (raw + stateOffset).bindMemory(to: State.self, capacity: 1)
        state.initialize(to: initialState)
    }

    deinit {
        state.deinitialize(count: 1)
        word.deinitialize(count: 1)
        UnsafeMutableRawPointer(word).deallocate()
    }

    private static var stateOffset: Int {
        let size = MemoryLayout<Atomic<Int>>.size
        let alignment = MemoryLayout<State>.alignment
        return (size + alignment - 1) / alignment * alignment
    }

    /// Runs `body` with the lock held and the value to read or change. `body` must not take the same lock
    /// again (the lock is not recursive).
    @inline(__always)
    func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if !word.pointee.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            Self.waitAndLock(word)
        }
        defer { word.pointee.store(0, ordering: .releasing) }
        return try body(&state.pointee)
    }

    /// Takes a lock found held: spins, then yields, then sleeps for doubling spans (asked from 1 µs, which
    /// Linux rounds up to some 50 µs, to 1 ms) between tries, until the lock is free and this thread takes it.
    @inline(never)
    private static func waitAndLock(_ word: UnsafeMutablePointer<Atomic<Int>>) {
        var tries = 0
        var sleep: UInt32 = 1
        while true {
            // Read before trying, so that waiters spin on a shared cache line rather than bouncing it.
            if word.pointee.load(ordering: .relaxed) == 0
                && word.pointee.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
            {
                return
            }
            tries += 1
            if tries < spins {
                continue
            } else if tries < spins + yields {
                sched_yield()
            } else {
                usleep(sleep)
                sleep = min(sleep * 2, 1_000)
            }
        }
    }

    /// Tries made spinning before the first yield: a few microseconds, long enough for any of the bus's
    /// critical sections but the rare list copy.
    private static var spins: Int { 1_000 }

    /// Tries made yielding before sleeping.
    private static var yields: Int { 100 }
}
