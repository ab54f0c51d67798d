import KernelBus
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BusNotification.Name {
    static let ping: Self = "test.ping"
    static let pong: Self = "test.pong"
}

/// A value guarded by a `pthread_mutex_t`. The tests use it instead of `Synchronization.Mutex`, whose
/// futex ThreadSanitizer cannot see on Linux (every access under it would be reported as a race).
///
/// `@unchecked Sendable`: `value` is only reached inside `withLock`, with the mutex held.
final class Locked<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

/// Collects values from any thread, in arrival order.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Locked<[Value]>([])

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
