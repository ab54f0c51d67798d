import Synchronization
import Testing

@testable import KernelBus

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a ``BusLock``, shared by the threads of a test.
private final class Guarded<Value>: @unchecked Sendable {
    let lock: BusLock<Value>

    init(_ value: Value) {
        lock = BusLock(value)
    }
}

@Suite("The bus's lock")
struct BusLockTests {
    /// Eight threads on two cores make waiters go through every stage (spinning, yielding, sleeping) while
    /// each increments a plain, non-atomic counter under the lock: a lost update means two threads were
    /// inside at once.
    @Test func eightThreadsIncrementingLoseNoUpdate() {
        let counter = Guarded(0)
        let perThread = 100_000
        let ready = Counter()
        onThreads(8) { _ in
            // Started together, so that they contend rather than run one after another.
            ready.increment()
            while ready.value < 8 {
                sched_yield()
            }
            for _ in 0..<perThread {
                counter.lock.withLock { $0 += 1 }
            }
        }
        #expect(counter.lock.withLock { $0 } == 8 * perThread)
    }

    /// A thread that finds the lock held for longer than it spins and yields sleeps, and gets the lock only
    /// once the holder has left: it sees everything the holder wrote, never the holder's state halfway.
    @Test func aWaiterGetsTheLockOnlyAfterALongHoldEnds() {
        let state = Guarded("idle")
        let holding = Flag()
        let seen = Guarded<[String]>([])
        onThreads(2) { thread in
            if thread == 0 {
                state.lock.withLock { value in
                    value = "halfway"
                    holding.set()
                    usleep(50_000)
                    value = "done"
                }
            } else {
                while !holding.isSet {
                    sched_yield()
                }
                let value = state.lock.withLock { $0 }
                seen.lock.withLock { $0.append(value) }
            }
        }
        #expect(seen.lock.withLock { $0 } == ["done"])
    }
}
