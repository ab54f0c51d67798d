import Foundation
import GRDB
import Kernel
import KernelEvents
import KernelStorage
import Synchronization

@testable import AssignmentTracker

/// The time zone the tests read and write dates in: one with daylight saving, so mistakes show.
let london = TimeZone(identifier: "Europe/London")!

/// A moment given as local London time, `2027-01-15T17:00`.
func at(_ text: String) -> Date {
    LocalDateTime.parse(text, in: london, allowDayAlone: true)!
}

/// A clock the test sets.
final class TestClock: Sendable {
    private let moment: Mutex<Date>

    init(_ start: Date) {
        moment = Mutex(start)
    }

    func now() -> Date { moment.withLock { $0 } }

    func set(_ date: Date) { moment.withLock { $0 = date } }
}

/// The feature's database and the kernel's (for notices) in real SQLite files in a folder of their own, removed
/// afterwards. `reopen()` opens them again as a restarted host would.
final class TestDatabases: Sendable {
    let directory: DataDirectory
    let clock: TestClock
    let bus = EventBus()
    /// The Kernel's change feed on the feature's database: what posts `AssignmentChanged` on `bus` after each commit.
    let feed: ChangeFeed
    let feature: DatabasePool
    let kernel: DatabasePool

    init(now: Date = at("2027-01-04T09:00"), path: String? = nil) throws {
        let path = path ?? FileManager.default.temporaryDirectory.appendingPathComponent("AssignmentTests-\(UUID().uuidString)").path
        directory = DataDirectory(path: path)
        try directory.prepare()
        clock = TestClock(now)
        feature = try FeatureDatabase.open(named: "assignments", in: directory, migrations: FeatureDescriptor.assignments.migrations)
        kernel = try FeatureDatabase.open(named: "kernel", in: directory, migrations: NoticeCenter.migrations)
        feed = try ChangeFeed.started(on: feature, event: AssignmentChanged.self, bus: bus)
    }

    var notices: NoticeCenter { NoticeCenter(database: kernel, bus: bus) }

    var repository: AssignmentRepository {
        AssignmentRepository(writer: feature, timeZone: london, now: clock.now)
    }

    /// The notice center once the feature's outbox is carried into it: what a host does on every commit it sees.
    func carried() async throws -> NoticeCenter {
        try await notices.publish(from: feature)
        return notices
    }

    /// The same files, opened again with the same clock (a host that was stopped and started).
    func reopen() throws -> TestDatabases {
        try feature.close()
        try kernel.close()
        let again = try TestDatabases(now: clock.now(), path: directory.path)
        return again
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: directory.path)
    }
}

func assignmentInput(
    module: String = "Mobile Development",
    level: String = "6",
    name: String = "Coursework",
    value: String = "40",
    mark: String = "",
    due: String = "2027-01-15T17:00",
    reminder: (kind: String, amount: String, unit: String, at: String) = ("off", "", "days", "")
) throws -> AssignmentInput {
    try AssignmentValidation.validate(
        AssignmentDraft(
            module: module,
            level: level,
            name: name,
            value: value,
            mark: mark,
            due: due,
            reminder: reminder.kind,
            reminderAmount: reminder.amount,
            reminderUnit: reminder.unit,
            reminderAt: reminder.at
        ),
        in: london
    ).get()
}

func taskInput(
    _ name: String,
    start: String = "2027-01-04T09:00",
    length: (kind: String, end: String, amount: String) = ("none", "", ""),
    due: String = "",
    percent: String = "0",
    reminder: (kind: String, amount: String, unit: String, at: String) = ("off", "", "days", "")
) throws -> TaskInput {
    try TaskValidation.validate(
        TaskDraft(
            name: name,
            start: start,
            lengthKind: length.kind,
            end: length.end,
            amount: length.amount,
            due: due,
            percent: percent,
            reminder: reminder.kind,
            reminderAmount: reminder.amount,
            reminderUnit: reminder.unit,
            reminderAt: reminder.at
        ),
        in: london
    ).get()
}

func task(start: Date, length: TaskLength = .unknown, due: Date? = nil, percent: Int = 0) -> AssignmentTask {
    AssignmentTask(
        assignmentID: 1,
        name: "t",
        startAt: start,
        length: length,
        dueAt: due,
        percent: percent,
        createdAt: start,
        updatedAt: start
    )
}
