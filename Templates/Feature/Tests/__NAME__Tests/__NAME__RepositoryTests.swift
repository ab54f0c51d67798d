import Foundation
import GRDB
import Kernel
import KernelEvents
import KernelStorage
import Synchronization
import Testing

@testable import __NAME__

/// A migrated __TITLE__ database in a real SQLite file of its own, removed afterwards.
func with__NAME__Database(_ test: (__NAME__Repository, EventBus) async throws -> Void) async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("__NAME__Tests-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let directory = DataDirectory(path: path)
    try directory.prepare()
    let pool = try FeatureDatabase.open(named: "__ID__", in: directory, migrations: FeatureDescriptor.__ID__.migrations)
    let bus = EventBus()
    // What the host does: each commit that recorded a change is posted as one __NAME__Changed.
    let feed = try ChangeFeed.started(on: pool, event: __NAME__Changed.self, bus: bus)
    try await test(__NAME__Repository(writer: pool), bus)
    feed.stop()
    try pool.close()
}

@Suite("__TITLE__ repository, on a real SQLite file")
struct __NAME__RepositoryTests {
    @Test("an added entry is listed first, with its title trimmed, and announced once it has committed")
    func add() async throws {
        try await with__NAME__Database { repository, bus in
            let seen = Mutex<[__NAME__Changed]>([])
            let observation = bus.addObserver(for: __NAME__Changed.self) { message in seen.withLock { $0.append(message) } }
            try await repository.add(title: "First")
            let second = try await repository.add(title: "  Second  ")
            #expect(try await repository.page().map(\.title) == ["Second", "First"])
            #expect(second.title == "Second")
            #expect(seen.withLock { $0 } == [__NAME__Changed(.added, ids: [1]), __NAME__Changed(.added, ids: [second.id!])])
            withExtendedLifetime(observation) {}
        }
    }

    @Test("an empty or too long title is refused and nothing is stored")
    func refused() async throws {
        try await with__NAME__Database { repository, _ in
            await #expect(throws: __NAME__Error.emptyTitle) { try await repository.add(title: "   ") }
            let long = String(repeating: "x", count: __NAME__Validation.maxTitleLength + 1)
            await #expect(throws: __NAME__Error.titleTooLong) { try await repository.add(title: long) }
            let count = try await repository.count()
            #expect(count == 0)
        }
    }

    @Test("pages follow a cursor: each page is the next older entries, with none repeated or skipped")
    func paging() async throws {
        try await with__NAME__Database { repository, _ in
            for number in 1...25 { try await repository.add(title: "Entry \(number)") }
            var seen: [String] = []
            var cursor: Int64?
            repeat {
                let page = try await repository.page(before: cursor, limit: 10)
                seen += page.map(\.title)
                cursor = page.count == 10 ? page.last?.id : nil
            } while cursor != nil
            #expect(seen == (1...25).reversed().map { "Entry \($0)" })
        }
    }

    @Test("deleting removes the entry and records the change for other processes; a missing one says so")
    func delete() async throws {
        try await with__NAME__Database { repository, _ in
            let entry = try await repository.add(title: "Gone soon")
            try await repository.delete(id: entry.id!)
            #expect(try await repository.count() == 0)
            await #expect(throws: __NAME__Error.notFound(id: entry.id!)) { try await repository.delete(id: entry.id!) }
            let kinds = try await repository.writer.read { db in try ChangeLog.changes(after: 0, db).map(\.kind) }
            #expect(kinds == ["added", "deleted"])
        }
    }

    @Test("each person's entries are their own: another's is not listed, counted or deleted, and the change is theirs")
    func owners() async throws {
        try await with__NAME__Database { ann, _ in
            let bo = ann.of(PersonID(rawValue: 2))
            let anns = try await ann.add(title: "Ann's")
            try await bo.add(title: "Bo's")
            #expect(try await bo.page().map(\.title) == ["Bo's"])
            #expect(try await bo.count() == 1)
            await #expect(throws: __NAME__Error.notFound(id: anns.id!)) { try await bo.delete(id: anns.id!) }
            #expect(try await ann.page().map(\.title) == ["Ann's"])
            let owners = try await ann.writer.read { db in try ChangeLog.changes(after: 0, db).map(\.owner) }
            #expect(owners == [.local, PersonID(rawValue: 2)])
        }
    }
}
