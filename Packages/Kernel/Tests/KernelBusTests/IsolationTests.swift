import KernelBus
import Synchronization
import Testing

actor Model {
    var received: [Int] = []

    func values() -> [Int] { received }

    func append(_ value: Int) {
        received.append(value)
    }
}

@MainActor final class MainActorModel {
    var received: [Int] = []
}

/// A serial executor that runs its jobs one at a time, in order, from a single draining task, and counts
/// them.
final class CountingExecutor: SerialExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var draining = false
    }

    private let state = Locked(State())
    private let jobs = Counter()

    var jobCount: Int { jobs.value }

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.increment()
        let unowned = UnownedJob(job)
        let startDrain = state.withLock { state -> Bool in
            state.jobs.append(unowned)
            guard !state.draining else { return false }
            state.draining = true
            return true
        }
        if startDrain {
            Task.detached { self.drain() }
        }
    }

    private func drain() {
        while let job = state.withLock({ state -> UnownedJob? in
            guard !state.jobs.isEmpty else {
                state.draining = false
                return nil
            }
            return state.jobs.removeFirst()
        }) {
            job.runSynchronously(on: asUnownedSerialExecutor())
        }
    }
}

/// A serial executor that only runs its jobs when the test says so.
final class ManualExecutor: SerialExecutor {
    private let jobs = Locked<[UnownedJob]>([])

    var pendingCount: Int { jobs.withLock { $0.count } }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        jobs.withLock { $0.append(unowned) }
    }

    /// Runs the pending jobs, in order, on the calling thread.
    func runPending() {
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            job.runSynchronously(on: asUnownedSerialExecutor())
        }
    }
}

@Suite("Isolated delivery")
struct IsolationTests {
    @Test func actorObserversRunIsolatedToTheirActorInPostingOrder() async {
        let bus = NotificationBus()
        let model = Model()
        let observation = bus.addObserver(forName: .ping, on: model) { model, note in
            model.received.append(note.userInfo?["n"] as? Int ?? -1)
        }
        for n in 0..<100 {
            bus.post(name: .ping, userInfo: ["n": n])
        }
        #expect(await eventuallyAsync { await model.values().count == 100 })
        #expect(await model.values() == Array(0..<100))
        withExtendedLifetime(observation) {}
    }

    @Test func postAndWaitReturnsAfterIsolatedObserversRan() async {
        let bus = NotificationBus()
        let model = Model()
        let observation = bus.addObserver(forName: .ping, on: model) { model, _ in model.received.append(1) }
        await bus.postAndWait(name: .ping)
        #expect(await model.values() == [1])
        await bus.postAndWait(BusNotification(name: .ping))
        #expect(await model.values() == [1, 1])
        withExtendedLifetime(observation) {}
    }

    @Test func postDoesNotWaitForIsolatedObservers() async {
        let bus = NotificationBus()
        let executor = ManualExecutor()
        let delivered = Flag()
        let observation = bus.addObserver(forName: .ping, executor: executor) { _ in delivered.set() }
        bus.post(name: .ping)  // returns although the executor has not run anything yet
        #expect(!delivered.isSet)
        #expect(await eventually { executor.pendingCount > 0 })
        executor.runPending()
        #expect(delivered.isSet)
        withExtendedLifetime(observation) {}
    }

    @Test func mainActorObserversRunOnTheMainActor() async {
        let bus = NotificationBus()
        let model = MainActorModel()
        let observation = bus.addMainActorObserver(forName: .ping) { note in
            MainActor.assertIsolated()
            model.received.append(note.userInfo?["n"] as? Int ?? -1)
        }
        for n in 0..<10 {
            bus.post(name: .ping, userInfo: ["n": n])
        }
        await bus.postAndWait(name: .ping, userInfo: ["n": 10])
        #expect(await model.received == Array(0...10))
        withExtendedLifetime(observation) {}
    }

    @Test func serialExecutorObserversRunAsJobsOnThatExecutor() async {
        let bus = NotificationBus()
        let executor = CountingExecutor()
        let values = Recorder<Int>()
        let observation = bus.addObserver(forName: .ping, executor: executor) { note in
            values.record(note.userInfo?["n"] as? Int ?? -1)
        }
        for n in 0..<5 {
            bus.post(name: .ping, userInfo: ["n": n])
        }
        await bus.postAndWait(name: .ping, userInfo: ["n": 5])
        #expect(values.values == Array(0...5))
        #expect(executor.jobCount > 0)
        withExtendedLifetime(observation) {}
    }

    @Test func typedObserversOnActorsMainActorAndExecutors() async {
        let bus = NotificationBus()
        let model = Model()
        let main = MainActorModel()
        let executorValues = Recorder<Int>()
        let observations = [
            bus.addObserver(for: TaskCompleted.self, on: model) { model, message in model.received.append(message.taskID) },
            bus.addMainActorObserver(for: TaskCompleted.self) { message in main.received.append(message.taskID) },
            bus.addObserver(for: TaskCompleted.self, executor: CountingExecutor()) { message in executorValues.record(message.taskID) },
        ]
        await bus.postAndWait(TaskCompleted(taskID: 4, title: "x"))
        #expect(await model.values() == [4])
        #expect(await main.received == [4])
        #expect(executorValues.values == [4])
        withExtendedLifetime(observations) {}
    }

    @Test func removalStopsDeliveriesStillQueuedForAnExecutor() async {
        let bus = NotificationBus()
        let executor = ManualExecutor()
        let delivered = Counter()
        let observation = bus.addObserver(forName: .ping, executor: executor) { _ in delivered.increment() }
        for _ in 0..<10 { bus.post(name: .ping) }
        #expect(await eventually { executor.pendingCount > 0 })
        bus.removeObserver(observation)
        executor.runPending()
        #expect(delivered.value == 0)
    }

    @Test func theActorIsHeldWeaklyAndItsObserverRemovedWhenItDies() async {
        let bus = NotificationBus()
        var model: Model? = Model()
        let observation = bus.addObserver(forName: .ping, on: model!) { model, _ in model.received.append(1) }
        await bus.postAndWait(name: .ping)
        weak let weakModel = model
        model = nil
        #expect(await eventually { weakModel == nil })
        #expect(bus.observerCount(forName: .ping) == 0)
        await bus.postAndWait(name: .ping)
        withExtendedLifetime(observation) {}
    }

    @Test func synchronousAndIsolatedObserversMix() async {
        let bus = NotificationBus()
        let model = Model()
        let sync = Recorder<Int>()
        let observations = [
            bus.addObserver(forName: .ping) { _ in sync.record(1) },
            bus.addObserver(forName: .ping, on: model) { model, _ in model.received.append(2) },
        ]
        await bus.postAndWait(name: .ping)
        #expect(sync.values == [1])
        #expect(await model.values() == [2])
        #expect(bus.registrations().map(\.delivery) == [.synchronous, .actor(String(reflecting: Model.self))])
        withExtendedLifetime(observations) {}
    }
}

/// Waits until an async `condition` holds, for at most about two seconds.
func eventuallyAsync(_ condition: @Sendable () async -> Bool) async -> Bool {
    for _ in 0..<2_000 {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return await condition()
}
