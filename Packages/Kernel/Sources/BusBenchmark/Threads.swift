import Foundation
import KernelBus
import Synchronization

// MARK: Several posting threads

/// The calling thread's CPU time, in nanoseconds.
func threadCPUTime() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// The two per-operation costs (a post, or an add + remove) of a run with several threads, in nanoseconds.
struct ConcurrentCost {
    /// Aggregate: the wall time of the whole run divided by the operations of all threads.
    var wall: Double
    /// Per thread: each thread's own (CPU) time divided by its operations, averaged over the threads.
    var perThread: Double
}

/// Runs `body(operationsPerThread)` on `threads` threads started together; returns both per-operation costs,
/// each the best of `rounds` runs.
func concurrentCost(
    threads: Int,
    operationsPerThread: Int,
    rounds: Int = 5,
    _ body: @escaping @Sendable (Int) -> Void
) -> ConcurrentCost {
    var best = ConcurrentCost(wall: .infinity, perThread: .infinity)
    for _ in 0..<rounds {
        let shared = ConcurrentRun(threads: threads)
        for _ in 0..<threads {
            let thread = Thread {
                shared.ready.add(1, ordering: .relaxed)
                while !shared.go.load(ordering: .acquiring) {}
                let start = threadCPUTime()
                body(operationsPerThread)
                shared.cpuNanoseconds.add(Int(threadCPUTime() - start), ordering: .relaxed)
                shared.done.add(1, ordering: .releasing)
            }
            thread.start()
        }
        while shared.ready.load(ordering: .acquiring) < threads {}
        let began = now()
        shared.go.store(true, ordering: .releasing)
        while shared.done.load(ordering: .acquiring) < threads {
            sched_yield()
        }
        let elapsed = now() - began
        let operations = Double(threads * operationsPerThread)
        best.wall = min(best.wall, Double(elapsed) / operations)
        best.perThread = min(best.perThread, Double(shared.cpuNanoseconds.load(ordering: .relaxed)) / operations)
    }
    return best
}

final class ConcurrentRun: Sendable {
    let threads: Int
    let ready = Atomic<Int>(0)
    let go = Atomic<Bool>(false)
    let done = Atomic<Int>(0)
    let cpuNanoseconds = Atomic<Int>(0)

    init(threads: Int) {
        self.threads = threads
    }
}

func benchThreads(iterations: Int) {
    let bus = NotificationBus()
    let tokens = (0..<10).map { _ in bus.addObserver(forName: busName) { _ in } }
    let center = NotificationCenter()
    let foundationTokens = (0..<10).map { _ in center.addObserver(forName: foundationName, object: nil, queue: nil) { _ in } }
    let oursBody: @Sendable (Int) -> Void = { count in
        for _ in 0..<count { bus.post(name: busName) }
    }
    let foundationBody: @Sendable (Int) -> Void = { count in
        for _ in 0..<count { center.post(name: foundationName, object: nil) }
    }
    let oursOne = concurrentCost(threads: 1, operationsPerThread: iterations, oursBody)
    let oursFour = concurrentCost(threads: 4, operationsPerThread: iterations / 4, oursBody)
    let foundationOne = concurrentCost(threads: 1, operationsPerThread: iterations / 4, foundationBody)
    let foundationFour = concurrentCost(threads: 4, operationsPerThread: iterations / 16, foundationBody)
    func scaling(_ many: Double, _ one: Double) -> String { String(format: "%.2f", many / one) }
    report(
        "post-10-observers-4-threads",
        ours: oursFour.wall,
        foundation: foundationFour.wall,
        extra: " ours_1thread_ns=\(format(oursOne.wall)) foundation_1thread_ns=\(format(foundationOne.wall))"
            + " ours_per_thread_ns=\(format(oursFour.perThread)) foundation_per_thread_ns=\(format(foundationFour.perThread))"
            + " ours_scaling_wall=\(scaling(oursFour.wall, oursOne.wall))"
            + " ours_scaling_per_thread=\(scaling(oursFour.perThread, oursOne.perThread))"
            + " foundation_scaling_wall=\(scaling(foundationFour.wall, foundationOne.wall))"
            + " foundation_scaling_per_thread=\(scaling(foundationFour.perThread, foundationOne.perThread))"
    )
    withExtendedLifetime(tokens) {}
    foundationTokens.forEach(center.removeObserver)
}

/// Four threads adding and removing observers of one name at once, which all serialize on the bus's lock
/// (and on Foundation's): the aggregate cost of one add + remove, with the one-thread cost beside it.
func benchContendedChurn(iterations: Int) {
    let bus = NotificationBus()
    let tokens = (0..<10).map { _ in bus.addObserver(forName: busName) { _ in } }
    let center = NotificationCenter()
    let foundationTokens = (0..<10).map { _ in center.addObserver(forName: foundationName, object: nil, queue: nil) { _ in } }
    let oursBody: @Sendable (Int) -> Void = { count in
        for _ in 0..<count {
            let token = bus.addObserver(forName: busName) { _ in }
            bus.removeObserver(token)
        }
    }
    let foundationBody: @Sendable (Int) -> Void = { count in
        for _ in 0..<count {
            let token = center.addObserver(forName: foundationName, object: nil, queue: nil) { _ in }
            center.removeObserver(token)
        }
    }
    let oursOne = concurrentCost(threads: 1, operationsPerThread: iterations, oursBody)
    let oursFour = concurrentCost(threads: 4, operationsPerThread: iterations / 4, oursBody)
    let foundationOne = concurrentCost(threads: 1, operationsPerThread: iterations / 4, foundationBody)
    let foundationFour = concurrentCost(threads: 4, operationsPerThread: iterations / 16, foundationBody)
    report(
        "add-remove-4-threads",
        ours: oursFour.wall,
        foundation: foundationFour.wall,
        extra: " ours_1thread_ns=\(format(oursOne.wall)) foundation_1thread_ns=\(format(foundationOne.wall))"
    )
    withExtendedLifetime(tokens) {}
    foundationTokens.forEach(center.removeObserver)
}

// MARK: Allocations per typed post
