import CMallocCounter
import Foundation
import KernelBus
import Synchronization

// Measures KernelBus against Foundation's NotificationCenter, side by side, in one run.
// Build in release mode: Scripts/bench-bus.

struct BenchMessage: BusMessage {
    static let name: BusNotification.Name = "bench.typed"
    let value: Int
}

let busName: BusNotification.Name = "bench.post"
let foundationName = Notification.Name("bench.post")

/// Monotonic nanoseconds.
func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// The best of `rounds` timings of our body and of Foundation's, in nanoseconds per iteration; the rounds
/// alternate between the two, so that both see the same machine state (this machine enters and leaves a
/// slower state on its own, for seconds at a time, which skews a ratio of timings taken apart).
func measure(
    iterations: Int,
    foundationIterations: Int,
    rounds: Int = 7,
    ours: (Int) -> Void,
    foundation: (Int) -> Void
) -> (ours: Double, foundation: Double) {
    func time(_ iterations: Int, _ body: (Int) -> Void) -> Double {
        let start = now()
        body(iterations)
        return Double(now() - start) / Double(iterations)
    }
    ours(max(iterations / 10, 1))
    foundation(max(foundationIterations / 10, 1))
    var best = (ours: Double.infinity, foundation: Double.infinity)
    for _ in 0..<rounds {
        best.ours = min(best.ours, time(iterations, ours))
        best.foundation = min(best.foundation, time(foundationIterations, foundation))
    }
    return best
}

func format(_ value: Double) -> String {
    value >= 100 ? String(Int(value.rounded())) : String(format: "%.1f", value)
}

/// A per-operation allocation count: whole numbers without decimals.
func count(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
}

func report(_ name: String, ours: Double, foundation: Double, extra: String = "") {
    print(
        "bench \(name) ours_ns=\(format(ours)) foundation_ns=\(format(foundation)) ratio=\(String(format: "%.3f", ours / foundation))\(extra)"
    )
}

// MARK: Post with N observers

func benchPost(observers: Int, iterations: Int) {
    let bus = NotificationBus()
    let tokens = (0..<observers).map { _ in bus.addObserver(forName: busName) { _ in } }
    let center = NotificationCenter()
    let foundationTokens = (0..<observers).map { _ in
        center.addObserver(forName: foundationName, object: nil, queue: nil) { _ in }
    }
    let (ours, foundation) = measure(
        iterations: iterations,
        foundationIterations: iterations / 4,
        ours: { count in
            for _ in 0..<count { bus.post(name: busName) }
        },
        foundation: { count in
            for _ in 0..<count { center.post(name: foundationName, object: nil) }
        }
    )
    report("post-\(observers)-observers", ours: ours, foundation: foundation)
    withExtendedLifetime(tokens) {}
    foundationTokens.forEach(center.removeObserver)
}

// MARK: One name among 1,000

func benchManyNames(iterations: Int) {
    let names = (0..<1_000).map { "bench.name.\($0)" }
    let bus = NotificationBus()
    let tokens = names.map { bus.addObserver(forName: BusNotification.Name($0)) { _ in } }
    let center = NotificationCenter()
    let foundationTokens = names.map { center.addObserver(forName: Notification.Name($0), object: nil, queue: nil) { _ in } }
    let ourTarget = BusNotification.Name(names[500])
    let foundationTarget = Notification.Name(names[500])
    let (ours, foundation) = measure(
        iterations: iterations,
        foundationIterations: iterations / 100,
        ours: { count in
            for _ in 0..<count { bus.post(name: ourTarget) }
        },
        foundation: { count in
            for _ in 0..<count { center.post(name: foundationTarget, object: nil) }
        }
    )
    report("post-1-of-1000-names", ours: ours, foundation: foundation)
    withExtendedLifetime(tokens) {}
    foundationTokens.forEach(center.removeObserver)
}

// MARK: Add + remove churn

func benchChurn(iterations: Int) {
    let bus = NotificationBus()
    let tokens = (0..<10).map { _ in bus.addObserver(forName: busName) { _ in } }
    let center = NotificationCenter()
    let foundationTokens = (0..<10).map { _ in center.addObserver(forName: foundationName, object: nil, queue: nil) { _ in } }
    let (ours, foundation) = measure(
        iterations: iterations,
        foundationIterations: iterations / 4,
        ours: { count in
            for _ in 0..<count {
                let token = bus.addObserver(forName: busName) { _ in }
                bus.removeObserver(token)
            }
        },
        foundation: { count in
            for _ in 0..<count {
                let token = center.addObserver(forName: foundationName, object: nil, queue: nil) { _ in }
                center.removeObserver(token)
            }
        }
    )
    report("add-remove", ours: ours, foundation: foundation)
    withExtendedLifetime(tokens) {}
    foundationTokens.forEach(center.removeObserver)
}

/// A fixed-size first-in, first-out ring of tokens.
struct TokenRing<Token> {
    private var tokens: [Token]
    private var head = 0

    init(_ tokens: [Token]) {
        self.tokens = tokens
    }

    /// Replaces the oldest token with `token` and returns the oldest.
    mutating func push(_ token: Token) -> Token {
        let oldest = tokens[head]
        tokens[head] = token
        head = head + 1 == tokens.count ? 0 : head + 1
        return oldest
    }
}

/// One registration plus the removal of an older one, on a name with 1,000 observers: every iteration adds
/// an observer and removes the one added `churned` iterations earlier, while `1,000 - churned` observers
/// registered first stay throughout. With `churned` 1,000 the removed observer is the oldest of the 1,000;
/// with 500 it has 500 older and 499 newer ones, the middle.
func benchChurnOlder(_ label: String, churned: Int, iterations: Int) {
    let bus = NotificationBus()
    let center = NotificationCenter()
    let kept = (0..<(1_000 - churned)).map { _ in bus.addObserver(forName: busName) { _ in } }
    let foundationKept = (0..<(1_000 - churned)).map { _ in
        center.addObserver(forName: foundationName, object: nil, queue: nil) { _ in }
    }
    var ring = TokenRing((0..<churned).map { _ in bus.addObserver(forName: busName) { _ in } })
    var foundationRing = TokenRing(
        (0..<churned).map { _ in center.addObserver(forName: foundationName, object: nil, queue: nil) { _ in } }
    )
    let (ours, foundation) = measure(
        iterations: iterations,
        foundationIterations: iterations / 4,
        ours: { count in
            for _ in 0..<count {
                let oldest = ring.push(bus.addObserver(forName: busName) { _ in })
                bus.removeObserver(oldest)
            }
        },
        foundation: { count in
            for _ in 0..<count {
                let oldest = foundationRing.push(center.addObserver(forName: foundationName, object: nil, queue: nil) { _ in })
                center.removeObserver(oldest)
            }
        }
    )
    report(label, ours: ours, foundation: foundation)
    withExtendedLifetime(kept) {}
    withExtendedLifetime(ring) {}
    foundationKept.forEach(center.removeObserver)
}

/// Heap allocations per call of `body`, counted over `iterations` calls after a warm-up.
func allocations(iterations: Int, _ body: () -> Void) -> Double {
    for _ in 0..<100 { body() }
    malloc_counter_reset()
    malloc_counter_set_enabled(true)
    for _ in 0..<iterations { body() }
    malloc_counter_set_enabled(false)
    return Double(malloc_counter_count()) / Double(iterations)
}

func benchTypedAllocations() {
    guard malloc_counter_is_supported() else {
        print("bench typed-post-allocs unsupported: allocation counting needs glibc")
        return
    }
    let bus = NotificationBus()
    let token = bus.addObserver(for: BenchMessage.self) { _ in }
    let center = NotificationCenter()
    let foundationToken = center.addObserver(forName: foundationName, object: nil, queue: nil) { _ in }
    // Sanity check: the counter sees a Swift heap allocation.
    let probe = allocations(iterations: 10) { _ = [Int](repeating: 1, count: 64) }
    let ours = allocations(iterations: 10_000) { bus.post(BenchMessage(value: 1)) }
    let foundation = allocations(iterations: 10_000) { center.post(name: foundationName, object: nil) }
    print("# allocation counter check: \(format(probe)) allocation(s) counted per 64-element array")
    print("bench typed-post-allocs ours=\(count(ours)) foundation=\(count(foundation))")
    withExtendedLifetime(token) {}
    center.removeObserver(foundationToken)
}

let scale = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 1
let only = ProcessInfo.processInfo.environment["BENCH_ONLY"]
func run(_ name: String, _ body: () -> Void) {
    if only == nil || only == name { body() }
}
print("# KernelBus vs Foundation.NotificationCenter; ns per operation, best of several rounds")
run("post") {
    benchPost(observers: 1, iterations: 2_000_000 * scale)
    benchPost(observers: 10, iterations: 1_000_000 * scale)
    benchPost(observers: 100, iterations: 200_000 * scale)
}
run("names") { benchManyNames(iterations: 1_000_000 * scale) }
run("churn") {
    benchChurn(iterations: 500_000 * scale)
    benchChurnOlder("add-remove-oldest-of-1000", churned: 1_000, iterations: 500_000 * scale)
    benchChurnOlder("add-remove-middle-of-1000", churned: 500, iterations: 500_000 * scale)
}
run("threads") {
    benchThreads(iterations: 2_000_000 * scale)
    benchContendedChurn(iterations: 400_000 * scale)
}
run("allocs") { benchTypedAllocations() }
run("events") {
    benchCorePost(observers: 1, iterations: 2_000_000 * scale)
    benchCorePost(observers: 10, iterations: 1_000_000 * scale)
    benchCoreChurn(iterations: 500_000 * scale)
    benchCoreAllocations()
}
