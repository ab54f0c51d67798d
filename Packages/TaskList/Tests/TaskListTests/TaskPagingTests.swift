import Foundation
import GRDB
import KernelStorage
import Testing

@testable import TaskList

@Suite("Paging the task list by cursor, on a real SQLite file")
struct TaskPagingTests {
    let database: TemporaryTaskDatabase
    var repository: TaskRepository { database.repository }

    init() throws {
        database = try TemporaryTaskDatabase()
    }

    /// 250 tasks with ties on every sort key: days shared, names differing only in case, a few done.
    func fill() async throws {
        let names = ["apple", "Apple", "banana", "Éclair", "zebra", "ápple"]
        for index in 0..<250 {
            let item = try await repository.add(
                input("\(names[index % names.count]) \(index % 7)", "2026-11-\(10 + index % 5)")
            )
            if index % 9 == 0 { try await repository.setDone(id: item.id!, true) }
        }
    }

    @Test("walking the pages gives every task once, in exactly the list order")
    func walk() async throws {
        try await fill()
        var seen: [Int64] = []
        var cursor: TaskCursor?
        var pages = 0
        repeat {
            let page = try await repository.page(after: cursor, limit: 100)
            seen += page.items.map { $0.id! }
            cursor = page.next
            pages += 1
        } while cursor != nil
        #expect(pages == 3)
        let all = try await repository.all().map { $0.id! }
        #expect(seen == all)
    }

    @Test("a task added or removed before the cursor does not shift the next page")
    func stable() async throws {
        try await fill()
        let first = try await repository.page(limit: 100)
        let expected = try await repository.page(after: first.next, limit: 100).items.map(\.id)
        try await repository.add(input("aaa first of all", "2026-12-31"))
        try await repository.delete(id: first.items[3].id!)
        #expect(try await repository.page(after: first.next, limit: 100).items.map(\.id) == expected)
    }

    @Test("reading through a cursor gives the list from the start down to that task, and says whether more follow")
    func through() async throws {
        try await fill()
        let all = try await repository.all()
        let cursor = TaskCursor(all[149])
        let page = try await repository.page(through: cursor, limit: 1_000)
        #expect(page.items.map(\.id) == all.prefix(150).map(\.id))
        #expect(page.next == cursor)
        let end = try await repository.page(through: TaskCursor(all.last!), limit: 1_000)
        #expect(end.items.count == 250)
        #expect(end.next == nil)
        let capped = try await repository.page(through: TaskCursor(all.last!), limit: 40)
        #expect(capped.items.map(\.id) == all.prefix(40).map(\.id))
        #expect(capped.next == TaskCursor(all[39]))
    }

    @Test("a cursor reads back as written, whatever the name holds; malformed ones are refused")
    func cursorText() async throws {
        let item = try await repository.add(input("a~b ~ Ünïcode 🍎 \"quoted\"", "2026-11-24"))
        let cursor = TaskCursor(item)
        #expect(TaskCursor(cursor.description) == cursor)
        for bad in ["", "2~2026-11-24~1~x", "0~2026-13-45~1~x", "0~2026-11-24~-4~x", "0~2026-11-24~x", "junk"] {
            #expect(TaskCursor(bad) == nil, "\(bad)")
        }
    }

    @Test("the counts of open and done tasks")
    func counts() async throws {
        try await fill()
        let counts = try await repository.counts()
        #expect(counts.done == 28)
        #expect(counts.open == 222)
    }

    @Test("SQLite reads a page through the index that matches the order, without sorting")
    func queryPlan() async throws {
        try await fill()
        let cursor = try await repository.page(limit: 100).next!
        let plan = try await database.pool.read { db -> String in
            let request = TaskItem.filter(TaskItem.Columns.owner == PersonID.local).order(TaskOrdering.sqlOrdering)
                .filter(TaskRepository.after(cursor)).limit(101)
            let statement = try request.makePreparedRequest(db).statement
            let rows = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + statement.sql, arguments: statement.arguments)
            return rows.map { $0["detail"] as String }.joined(separator: "\n")
        }
        #expect(plan.contains("tasks_item_order"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
    }
}
