import Foundation
import GRDB
import Kernel
import KernelEvents
import KernelStorage
import Synchronization
import Testing

@testable import AssignmentTracker

@Suite("The assignment repository, on real SQLite files")
struct RepositoryTests {
    @Test("add, edit and delete an assignment; an edit bumps SEQUENCE, deleting takes its tasks")
    func lifecycle() async throws {
        let databases = try TestDatabases()
        defer { databases.remove() }
        let repository = databases.repository
        let seen = Mutex<[AssignmentChanged]>([])
        let observation = databases.bus.addObserver(for: AssignmentChanged.self) { message in seen.withLock { $0.append(message) } }
        let added = try await repository.add(try assignmentInput())
        let id = try #require(added.id)
        #expect(added.sequence == 0)
        let same = try await repository.update(id: id, with: try assignmentInput())
        #expect(same.sequence == 0)  // nothing changed: nothing written
        let edited = try await repository.update(id: id, with: try assignmentInput(name: "Coursework 2"))
        #expect(edited.sequence == 1 && edited.uid == added.uid)
        let marked = try await repository.setMark(id: id, 72)
        #expect(marked.mark == 72 && marked.sequence == 2)
        #expect(try await repository.setMark(id: id, nil).mark == nil)
        try await repository.addTask(to: id, try taskInput("Research"))
        try await repository.delete(id: id)
        await #expect(throws: AssignmentError.assignmentNotFound(id: id)) { try await repository.assignment(id: id) }
        let orphans = try await databases.feature.read { db in try AssignmentTask.fetchCount(db) }
        #expect(orphans == 0)
        #expect(seen.withLock { $0.map(\.change) } == [.added, .updated, .updated, .updated, .tasks, .deleted])
        withExtendedLifetime(observation) {}
    }

    @Test("the assignment keeps its progress up to date as tasks are added, moved along and deleted")
    func progress() async throws {
        let databases = try TestDatabases()
        defer { databases.remove() }
        let repository = databases.repository
        let id = try #require(try await repository.add(try assignmentInput()).id)
        let first = try await repository.addTask(to: id, try taskInput("Research"))
        try await repository.addTask(to: id, try taskInput("Draft"))
        try await repository.addTask(to: id, try taskInput("Polish"))
        #expect(try await repository.assignment(id: id).progress.percent == 0)
        try await repository.setPercent(taskID: try #require(first.id), 100)
        let stored = try await repository.assignment(id: id)
        #expect(stored.progress.percent == 33 && stored.taskCount == 3)
        try await repository.deleteTask(id: try #require(first.id))
        #expect(try await repository.assignment(id: id).progress.percent == 0)
    }

    @Test("current and archive: past and marked (or a week past) is archived, paged by cursor")
    func sections() async throws {
        let databases = try TestDatabases(now: at("2027-01-20T12:00"))
        defer { databases.remove() }
        let repository = databases.repository
        try await repository.add(try assignmentInput(name: "Ahead", due: "2027-02-01T17:00"))
        try await repository.add(try assignmentInput(name: "Just missed", due: "2027-01-18T17:00"))
        try await repository.add(try assignmentInput(name: "Marked", mark: "60", due: "2027-01-19T17:00"))
        try await repository.add(try assignmentInput(name: "Long gone", due: "2026-12-01T17:00"))
        for day in 1...5 { try await repository.add(try assignmentInput(name: "Later \(day)", due: "2027-03-0\(day)T17:00")) }
        let first = try await repository.page(.current, limit: 3)
        #expect(first.assignments.map(\.name) == ["Just missed", "Ahead", "Later 1"])
        let second = try await repository.page(.current, after: first.next, limit: 3)
        #expect(second.assignments.map(\.name) == ["Later 2", "Later 3", "Later 4"])
        let third = try await repository.page(.current, after: second.next, limit: 3)
        #expect(third.assignments.map(\.name) == ["Later 5"] && third.next == nil)
        #expect(try await repository.page(.archive, limit: 10).assignments.map(\.name) == ["Marked", "Long gone"])
        #expect(try await repository.counts() == [.current: 7, .archive: 2])
        #expect(AssignmentCursor(token: try #require(first.next).token) == first.next)
        // A search keeps to its section, and matches the name, the module or the notes, ignoring case.
        let later = try #require(TextSearch("LATER"))
        #expect(try await repository.page(.current, limit: 10, matching: later).assignments.count == 5)
        #expect(try await repository.page(.archive, limit: 10, matching: later).assignments.isEmpty)
        let gone = try #require(TextSearch("gone"))
        #expect(try await repository.page(.archive, limit: 10, matching: gone).assignments.map(\.name) == ["Long gone"])
        #expect(try await repository.page(.current, limit: 10, matching: gone).assignments.isEmpty)
        #expect(try await repository.page(.current, limit: 10, matching: TextSearch("50%")).assignments.isEmpty)
    }

    @Test("a reminder is scheduled as a notice, replaced when its time changes, withdrawn on delete")
    func reminders() async throws {
        let databases = try TestDatabases()
        defer { databases.remove() }
        let repository = databases.repository
        let assignment = try await repository.add(try assignmentInput(reminder: ("before", "1", "days", "")))
        let id = try #require(assignment.id)
        var waiting = try await databases.carried().scheduled()
        #expect(waiting.map(\.deliverAt) == [at("2027-01-14T17:00")])
        #expect(waiting.first?.title == "Reminder: Coursework")
        #expect(waiting.first?.link == "/assignments/\(id)")
        try await repository.update(id: id, with: try assignmentInput(reminder: ("at", "", "days", "2027-01-10T08:00")))
        waiting = try await databases.carried().scheduled()
        #expect(waiting.map(\.deliverAt) == [at("2027-01-10T08:00")])
        try await repository.delete(id: id)
        #expect(try await databases.carried().scheduled().isEmpty)
    }

    @Test("a task's reminder before its own due date is scheduled, kept through a percentage, withdrawn with the task")
    func taskReminder() async throws {
        let databases = try TestDatabases()
        defer { databases.remove() }
        let repository = databases.repository
        let id = try #require(try await repository.add(try assignmentInput()).id)
        let task = try await repository.addTask(
            to: id,
            try taskInput("Draft", due: "2027-01-10T12:00", reminder: ("before", "3", "hours", ""))
        )
        let taskID = try #require(task.id)
        var waiting = try await databases.carried().scheduled()
        #expect(waiting.map(\.deliverAt) == [at("2027-01-10T09:00")])
        #expect(waiting.first?.title == "Reminder: Draft" && waiting.first?.link == "/assignments/\(id)#task-\(taskID)")
        try await repository.setPercent(taskID: taskID, 40)
        waiting = try await databases.carried().scheduled()
        #expect(waiting.count == 1 && waiting.first?.body.contains("40% done") == true)
        try await repository.deleteTask(id: taskID)
        #expect(try await databases.carried().scheduled().isEmpty)
        // Deleting an assignment withdraws its tasks' reminders too.
        try await repository.addTask(
            to: id,
            try taskInput("Polish", due: "2027-01-12T12:00", reminder: ("at", "", "days", "2027-01-11T08:00"))
        )
        #expect(try await databases.carried().scheduled().count == 1)
        try await repository.delete(id: id)
        #expect(try await databases.carried().scheduled().isEmpty)
    }

    @Test("a reminder due while the host was down is delivered once at the next start, marked late")
    func lateReminder() async throws {
        var databases = try TestDatabases()
        defer { databases.remove() }
        let task = try await databases.repository.add(try assignmentInput(reminder: ("at", "", "days", "2027-01-05T09:00")))
        #expect(task.reminder == .at(at("2027-01-05T09:00")))
        // The host stops; two days pass; it starts again, puts back reminders, and delivers what fell due.
        databases.clock.set(at("2027-01-07T09:00"))
        databases = try databases.reopen()
        try await databases.notices.publish(from: databases.repository.writer)  // what a host does at start
        let delivered = try await databases.notices.deliverDue(now: databases.clock.now())
        #expect(delivered.count == 1 && delivered.first?.late == true)
        // Starting again delivers nothing more.
        databases = try databases.reopen()
        try await databases.notices.publish(from: databases.repository.writer)  // what a host does at start
        #expect(try await databases.notices.deliverDue(now: databases.clock.now()).isEmpty)
        #expect(try await databases.notices.inbox().count == 1)
    }

    @Test("an edit that keeps a delivered reminder's time does not remind again")
    func noRepeat() async throws {
        let databases = try TestDatabases()
        defer { databases.remove() }
        let repository = databases.repository
        let id = try #require(try await repository.add(try assignmentInput(reminder: ("at", "", "days", "2027-01-05T09:00"))).id)
        databases.clock.set(at("2027-01-05T09:00"))
        #expect(try await databases.carried().deliverDue(now: databases.clock.now()).count == 1)
        try await repository.update(id: id, with: try assignmentInput(name: "Renamed", reminder: ("at", "", "days", "2027-01-05T09:00")))
        try await databases.notices.publish(from: repository.writer)
        databases.clock.set(at("2027-01-06T09:00"))
        #expect(try await databases.notices.deliverDue(now: databases.clock.now()).isEmpty)
    }

    @Test("behind schedule is announced once per slip, not on every check")
    func slips() async throws {
        let databases = try TestDatabases()
        defer { databases.remove() }
        let repository = databases.repository
        let id = try #require(try await repository.add(try assignmentInput()).id)
        let task = try await repository.addTask(to: id, try taskInput("Draft", start: "2027-01-04T09:00", length: ("days", "", "4")))
        let taskID = try #require(task.id)
        databases.clock.set(at("2027-01-05T09:00"))  // 25 % of the time gone, 0 % done
        #expect(try await repository.checkSchedule().map(\.id) == [taskID])
        databases.clock.set(at("2027-01-05T10:00"))
        #expect(try await repository.checkSchedule().isEmpty)  // still behind: no second notice
        try await repository.setPercent(taskID: taskID, 40)  // caught up
        #expect(try await repository.task(id: taskID).behindSince == nil)
        databases.clock.set(at("2027-01-06T12:00"))  // 53 % of the time gone, 40 % done: a new slip
        let again = try await repository.checkSchedule()
        #expect(again.map(\.slips) == [2])
        // Raised at the test clock's time (ahead of the real one): delivered when that time comes.
        let notices = try await databases.carried().deliverDue(now: databases.clock.now()).reversed()
        #expect(notices.count == 2)
        #expect(notices.allSatisfy { $0.title == "Behind schedule: Draft" })
        #expect(notices.first?.body.contains("by now it should be about 53%") == true)
    }

    @Test("a slip whose notice could not reach the inbox is announced once the inbox is back, once")
    func slipNoticeRetried() async throws {
        var databases = try TestDatabases()
        defer { databases.remove() }
        let id = try #require(try await databases.repository.add(try assignmentInput()).id)
        let task = try await databases.repository.addTask(
            to: id,
            try taskInput("Draft", start: "2027-01-04T09:00", length: ("days", "", "4"))
        )
        databases.clock.set(at("2027-01-05T09:00"))  // 25 % of the time gone, 0 % done
        // The notices' database is gone: the slip and its notice are saved together; carrying it to the inbox fails.
        try databases.kernel.close()
        #expect(try await databases.repository.checkSchedule().count == 1)
        databases = try databases.reopen()
        try await databases.notices.publish(from: databases.repository.writer)  // what a host does at start
        #expect(try await databases.repository.task(id: try #require(task.id)).slips == 1)
        databases.clock.set(at("2027-01-05T10:00"))
        #expect(try await databases.repository.checkSchedule().isEmpty, "no new slip")
        #expect(try await databases.repository.checkSchedule().isEmpty)
        let notices = try await databases.notices.deliverDue(now: databases.clock.now())
        #expect(notices.map(\.title) == ["Behind schedule: Draft"])
    }

    @Test("an assignment holds at most 500 tasks, with a sentence saying so")
    func taskCap() async throws {
        let databases = try TestDatabases()
        defer { databases.remove() }
        let repository = AssignmentRepository(writer: databases.feature, timeZone: london, now: databases.clock.now)
        let id = try #require(try await repository.add(try assignmentInput()).id)
        let input = try taskInput("Step")
        try await databases.feature.write { db in
            for _ in 0..<AssignmentRepository.maxTasks {
                var task = AssignmentTask(assignmentID: id, name: "Step", startAt: input.startAt, createdAt: Date(), updatedAt: Date())
                try task.insert(db)
            }
        }
        await #expect(throws: AssignmentError.tooManyTasks) { try await repository.addTask(to: id, input) }
    }

    @Test("the browser's view state is kept across a restart")
    func viewState() async throws {
        var databases = try TestDatabases()
        defer { databases.remove() }
        let browser = String(repeating: "ab", count: 16)
        #expect(ViewStateStore.isValid(browser) && !ViewStateStore.isValid("x") && !ViewStateStore.isValid(browser.uppercased()))
        try await ViewStateStore(writer: databases.feature).update(browser) { state in
            state.selected = 4
            state.archiveOpen = true
            state.scroll = 640
        }
        databases = try databases.reopen()
        #expect(
            try await ViewStateStore(writer: databases.feature).state(of: browser) == ViewState(selected: 4, archiveOpen: true, scroll: 640)
        )
        #expect(try await ViewStateStore(writer: databases.feature).state(of: String(repeating: "0", count: 32)) == ViewState())
    }
}
