import CMallocCounter
import Foundation
import KernelEvents

// MARK: The Kernel's typed bus (KernelEvents), the one features use

struct CoreEvent: BusEvent {
    static let name: EventName = "bench.core"
    let value: Int
}

func benchCorePost(observers: Int, iterations: Int) {
    let bus = EventBus()
    let tokens = (0..<observers).map { _ in bus.addObserver(for: CoreEvent.self) { _ in } }
    let center = NotificationCenter()
    let foundationTokens = (0..<observers).map { _ in
        center.addObserver(forName: foundationName, object: nil, queue: nil) { _ in }
    }
    let (ours, foundation) = measure(
        iterations: iterations,
        foundationIterations: iterations / 4,
        ours: { count in
            for index in 0..<count { bus.post(CoreEvent(value: index)) }
        },
        foundation: { count in
            for _ in 0..<count { center.post(name: foundationName, object: nil) }
        }
    )
    report("core-post-\(observers)-observers", ours: ours, foundation: foundation)
    withExtendedLifetime(tokens) {}
    foundationTokens.forEach(center.removeObserver)
}

func benchCoreChurn(iterations: Int) {
    let bus = EventBus()
    let center = NotificationCenter()
    let (ours, foundation) = measure(
        iterations: iterations,
        foundationIterations: iterations / 4,
        ours: { count in
            for _ in 0..<count { bus.addObserver(for: CoreEvent.self) { _ in }.cancel() }
        },
        foundation: { count in
            for _ in 0..<count {
                center.removeObserver(center.addObserver(forName: foundationName, object: nil, queue: nil) { _ in })
            }
        }
    )
    report("core-add-remove", ours: ours, foundation: foundation)
}

func benchCoreAllocations() {
    guard malloc_counter_is_supported() else {
        print("bench core-post-allocs unsupported: allocation counting needs glibc")
        return
    }
    let bus = EventBus()
    let token = bus.addObserver(for: CoreEvent.self) { _ in }
    let ours = allocations(iterations: 10_000) { bus.post(CoreEvent(value: 1)) }
    print("bench core-post-allocs ours=\(count(ours))")
    withExtendedLifetime(token) {}
}
