import KernelBus
import Synchronization

extension BusNotification.Name {
    static let ping: Self = "test.ping"
    static let pong: Self = "test.pong"
}

/// Collects values from any thread, in arrival order.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    func record(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    var values: [Value] { storage.withLock { $0 } }

    var count: Int { storage.withLock { $0.count } }
}

/// A sender object for identity matching.
final class Sender: Sendable {
    let label: String

    init(_ label: String = "sender") {
        self.label = label
    }
}

/// Waits until `condition` holds, polling, for at most about two seconds.
func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
    for _ in 0..<2_000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
}

/// A counter shared across threads.
final class Counter: Sendable {
    private let storage = Atomic<Int>(0)

    func increment() {
        storage.add(1, ordering: .relaxed)
    }

    var value: Int { storage.load(ordering: .relaxed) }
}

/// A boolean shared across threads.
final class Flag: Sendable {
    private let storage = Atomic<Bool>(false)

    func set(_ value: Bool = true) {
        storage.store(value, ordering: .releasing)
    }

    var isSet: Bool { storage.load(ordering: .acquiring) }
}
