import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Epoch-based reclamation: lets posts read the published observer lists without locks, reference
/// counting or any write to memory shared with other threads, while writers replace lists and free the old
/// ones once no reader can still hold them.
///
/// Protocol (the operations below are sequentially consistent, except the release store that leaves a
/// section):
///
/// - A reader entering its outermost read section loads the global epoch `e` and announces it in its
///   thread's record, then loads the published pointers. Nested sections keep the outer announcement.
///   Leaving the outermost section announces `0` (quiescent).
/// - A writer first publishes the replacement pointer, then increments the global epoch to `s`, and retires
///   the old object with stamp `s`.
/// - A retired object is freed once every announced (non-zero) epoch is at least its stamp.
///
/// Why it is safe: if a reader loaded the old pointer, its load came before the writer's publication, so its
/// epoch load came before the writer's increment and its announcement is at most `s - 1`; until it leaves,
/// the object is not freed. A reader whose announcement is at least `s` loaded the epoch after the increment,
/// hence after the publication, and cannot see the old pointer. If the writer's scan misses an announcement
/// made later, that reader's pointer loads also come after the publication. (The scan's load of the
/// registry's head and the push of a new thread's record are sequentially consistent too, so a record the
/// scan does not reach belongs to a thread whose first announcement comes after the scan.)
///
/// ``isAnyThreadReading()`` supports a cheaper variant for one entry of an observer list: the writer
/// unpublishes it (a sequentially consistent store to its slot or to the list's count), then scans; if no
/// thread is inside a read section, no reader can still reach the entry, which can be freed and its slot
/// reused at once (see ``ObserverList/unpublish(_:at:)``).
enum EpochReclamation {
    /// The global epoch; starts at 1 so that 0 can mean quiescent.
    static let epoch = Atomic<UInt64>(1)

    /// The per-thread records, pushed once per thread and never freed, reused after their thread exits.
    static let registry = ThreadRegistry()

    /// The thread-local slot that points at the current thread's record.
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, releaseRecord)
        precondition(status == 0, "KernelBus: pthread_key_create failed")
        return key
    }()

    /// Runs `body` inside a read section: objects retired while it runs are not freed before it returns.
    @inline(__always)
    static func withReadSection<Result>(_ body: () -> Result) -> Result {
        let record: Unmanaged<ThreadRecord>
        if let raw = pthread_getspecific(key) {
            record = Unmanaged.fromOpaque(raw)
        } else {
            record = registry.claimRecord()
            pthread_setspecific(key, record.toOpaque())
        }
        return record._withUnsafeGuaranteedRef { record in
            record.enter()
            defer { record.exit() }
            return body()
        }
    }

    /// Advances the epoch for an object about to be retired and returns its stamp. Call it after the object
    /// has been unpublished.
    static func retirementStamp() -> UInt64 {
        epoch.add(1, ordering: .sequentiallyConsistent).newValue
    }

    /// The oldest epoch announced by a thread inside a read section, or `UInt64.max` when none is.
    static func oldestAnnouncedEpoch() -> UInt64 {
        registry.oldestAnnouncedEpoch()
    }

    /// Whether any thread is inside a read section (sequentially consistent loads of every announcement).
    static func isAnyThreadReading() -> Bool {
        registry.isAnyThreadReading()
    }
}

#if canImport(Darwin)
private func releaseRecord(_ raw: UnsafeMutableRawPointer) {
    Unmanaged<ThreadRecord>.fromOpaque(raw).takeUnretainedValue().release()
}
#else
private func releaseRecord(_ raw: UnsafeMutableRawPointer?) {
    guard let raw else { return }
    Unmanaged<ThreadRecord>.fromOpaque(raw).takeUnretainedValue().release()
}
#endif

/// One thread's announcement.
///
/// `@unchecked Sendable`: `announced` and `inUse` are atomics; `depth` is only read and written by the
/// thread that currently owns the record (claimed through `inUse`), and `next` is written before the record
/// is published to the registry and never again.
final class ThreadRecord: @unchecked Sendable {
    /// The epoch announced by the owning thread, or 0 when it is outside any read section.
    let announced = Atomic<UInt64>(0)
    /// Whether a live thread owns the record.
    let inUse = Atomic<Bool>(true)
    /// Nesting depth of read sections on the owning thread.
    var depth = 0
    /// The next record in the registry.
    let next: ThreadRecord?

    init(next: ThreadRecord?) {
        self.next = next
    }

    @inline(__always)
    func enter() {
        if depth == 0 {
            let epoch = EpochReclamation.epoch.load(ordering: .sequentiallyConsistent)
            announced.store(epoch, ordering: .sequentiallyConsistent)
        }
        depth += 1
    }

    @inline(__always)
    func exit() {
        depth -= 1
        if depth == 0 {
            // Release suffices: the section's reads happen before a writer that sees 0 frees anything.
            announced.store(0, ordering: .releasing)
        }
    }

    /// Gives the record back when its thread exits.
    func release() {
        depth = 0
        announced.store(0, ordering: .sequentiallyConsistent)
        inUse.store(false, ordering: .releasing)
    }
}

/// The list of every thread record.
final class ThreadRegistry: Sendable {
    private let head = Atomic<Unmanaged<ThreadRecord>?>(nil)
    private let pushLock = BusLock(())

    /// Reuses the record of an exited thread or pushes a new one. The registry keeps it alive forever.
    func claimRecord() -> Unmanaged<ThreadRecord> {
        var cursor = head.load(ordering: .acquiring)?.takeUnretainedValue()
        while let record = cursor {
            if record.inUse.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
                return Unmanaged.passUnretained(record)
            }
            cursor = record.next
        }
        return pushLock.withLock { _ in
            let record = ThreadRecord(next: head.load(ordering: .acquiring)?.takeUnretainedValue())
            let unmanaged = Unmanaged.passRetained(record)
            // Sequentially consistent, like the scans' loads of `head`: a scan that does not see this record
            // is then ordered before it, hence before the thread's first announcement (see the protocol).
            head.store(unmanaged, ordering: .sequentiallyConsistent)
            return unmanaged
        }
    }

    func isAnyThreadReading() -> Bool {
        var cursor = head.load(ordering: .sequentiallyConsistent)
        while let unmanaged = cursor {
            let (reading, next) = unmanaged._withUnsafeGuaranteedRef { record in
                (
                    record.announced.load(ordering: .sequentiallyConsistent) != 0,
                    record.next.map { Unmanaged.passUnretained($0) }
                )
            }
            if reading { return true }
            cursor = next
        }
        return false
    }

    func oldestAnnouncedEpoch() -> UInt64 {
        var oldest = UInt64.max
        var cursor = head.load(ordering: .sequentiallyConsistent)
        while let unmanaged = cursor {
            cursor = unmanaged._withUnsafeGuaranteedRef { record in
                let announced = record.announced.load(ordering: .sequentiallyConsistent)
                if announced != 0 && announced < oldest {
                    oldest = announced
                }
                return record.next.map { Unmanaged.passUnretained($0) }
            }
        }
        return oldest
    }
}

/// Objects unpublished by a writer, each waiting until no read section can still see it.
///
/// Owned by one writer at a time (it lives inside a bus's mutex-protected state).
struct RetiredObjects {
    private var objects: [(stamp: UInt64, object: AnyObject)] = []

    /// Retires an object that is no longer published.
    mutating func retire(_ object: AnyObject) {
        objects.append((EpochReclamation.retirementStamp(), object))
    }

    /// Removes the objects no reader can still see and returns them, so the caller can drop them after
    /// leaving its lock (their deinitializers may run arbitrary code).
    @inline(__always)
    mutating func collect() -> [AnyObject] {
        objects.isEmpty ? [] : collectReclaimable()
    }

    private mutating func collectReclaimable() -> [AnyObject] {
        let oldest = EpochReclamation.oldestAnnouncedEpoch()
        var freed: [AnyObject] = []
        objects.removeAll { item in
            guard item.stamp <= oldest else { return false }
            freed.append(item.object)
            return true
        }
        return freed
    }

    /// Removes every retired object, whether or not a reader may still see it, and returns them; only for
    /// objects no reader can reach any more by other means (those of a bus being deinitialized).
    mutating func removeAll() -> [AnyObject] {
        defer { objects = [] }
        return objects.map(\.object)
    }

    var isEmpty: Bool { objects.isEmpty }
}
