import Foundation
import GRDB
import KernelStorage

/// Reads and changes the stored tasks of one person.
///
/// A repository is made for one person (``owner``): every query it runs reads only their tasks, every task it adds is
/// theirs, and another person's task is, to it, a task that does not exist.
///
/// The repository works on a database that ``TaskListMigrations`` has brought up to date. Every method is one short
/// transaction, awaited (GRDB's async access), so a write waiting for a lock held by another process never blocks a
/// thread of the cooperative pool. Each write returns what it changed (`Changed`), which the Kernel records in the
/// database's `ChangeLog` inside the write's transaction; its change feed turns what was recorded into one
/// ``TaskChanged`` once the transaction has committed.
public struct TaskRepository: Sendable {
    /// The database holding the tasks.
    public let writer: any DatabaseWriter
    /// The person whose tasks these are.
    public let owner: PersonID

    private let now: @Sendable () -> Date

    /// Creates a repository of `owner`'s tasks over a migrated database.
    ///
    /// - Parameters:
    ///   - writer: The database holding the task list's tables.
    ///   - owner: The person whose tasks it reads and changes: the local person by default.
    ///   - now: The clock used for the `createdAt` and `updatedAt` timestamps.
    public init(
        writer: any DatabaseWriter,
        owner: PersonID = .local,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.writer = writer
        self.owner = owner
        self.now = now
    }

    /// The same tasks' repository, for `person`.
    public func of(_ person: PersonID) -> TaskRepository {
        TaskRepository(writer: writer, owner: person, now: now)
    }

    /// The owner's tasks: where every query starts.
    private var tasks: QueryInterfaceRequest<TaskItem> { TaskItem.filter(TaskItem.Columns.owner == owner) }

    // MARK: - Reading

    /// All tasks, in list order (see ``TaskOrdering``).
    public func all() async throws -> [TaskItem] {
        try await writer.read { db in
            try tasks.order(TaskOrdering.sqlOrdering).fetchAll(db)
        }
    }

    /// Up to `limit` tasks in list order, after `cursor` (from the start when nil).
    ///
    /// Read in the order of the index that matches it (`tasks_item_order`), with no sort and no `OFFSET`; tasks added
    /// or removed before the cursor do not shift the page. (SQLite does not seek on the cursor's `OR` of keys: it walks
    /// the index from the start and skips by comparing keys, so a page deep in a long list costs more than the first.)
    ///
    /// With `search`, only the tasks that match it, in the same order.
    public func page(after cursor: TaskCursor? = nil, limit: Int, matching search: TextSearch? = nil) async throws -> TaskPage {
        let items = try await writer.read { db in
            var request = tasks.order(TaskOrdering.sqlOrdering)
            if let search { request = request.filter(Self.matching(search)) }
            if let cursor { request = request.filter(Self.after(cursor)) }
            return try request.limit(limit + 1).fetchAll(db)
        }
        let shown = Array(items.prefix(limit))
        return TaskPage(items: shown, next: items.count > limit ? shown.last.map(TaskCursor.init) : nil)
    }

    /// The tasks after `start` (from the start of the list when nil) through `cursor` (inclusive), at most `limit`
    /// of them: what a page that has loaded the list down to `cursor` shows, read again after a change.
    public func page(
        after start: TaskCursor? = nil,
        through cursor: TaskCursor,
        limit: Int,
        matching search: TextSearch? = nil
    ) async throws -> TaskPage {
        let (items, more) = try await writer.read { db in
            var request = tasks.order(TaskOrdering.sqlOrdering).filter(!Self.after(cursor))
            var rest = tasks.filter(Self.after(cursor))
            if let search {
                request = request.filter(Self.matching(search))
                rest = rest.filter(Self.matching(search))
            }
            if let start { request = request.filter(Self.after(start)) }
            let items = try request.limit(limit).fetchAll(db)
            return (items, try rest.limit(1).fetchCount(db) > 0)
        }
        // More follow: the next page starts after the last task read — or, when none is left up to `cursor` (they
        // were all done or deleted meanwhile), after `cursor` itself.
        let next = more || items.count == limit ? items.last.map(TaskCursor.init) ?? cursor : nil
        return TaskPage(items: items, next: next)
    }

    /// The place of the task listed just before `cursor`, or nil when it is the first: a page that starts after it
    /// starts with the task at `cursor`.
    public func cursor(before cursor: TaskCursor) async throws -> TaskCursor? {
        try await writer.read { db in
            try tasks.filter(!Self.after(cursor) && TaskItem.Columns.id != cursor.id)
                .order(
                    TaskItem.Columns.isDone.desc,
                    TaskItem.Columns.day.asc,
                    Column("sortName").desc,
                    TaskItem.Columns.id.desc
                )
                .fetchOne(db)
                .map(TaskCursor.init)
        }
    }

    /// Where `item` stands in a part of the list that shows the tasks after `after` through `through` (either end
    /// open when nil) that match `search`: `.some(id)` of the task that follows it there, `.some(nil)` when it is the
    /// last there, nil when it is not in that part at all.
    public func place(
        of item: TaskItem,
        after: TaskCursor?,
        through: TaskCursor?,
        matching search: TextSearch? = nil
    )
        async throws -> Int64??
    {
        let cursor = TaskCursor(item)
        if let after, !(after < cursor) { return nil }
        if let through, through < cursor { return nil }
        if let search, !(try await matches(item.id ?? 0, search)) { return nil }
        let next = try await writer.read { db -> TaskItem? in
            var request = tasks.order(TaskOrdering.sqlOrdering).filter(Self.after(cursor))
            if let search { request = request.filter(Self.matching(search)) }
            return try request.fetchOne(db)
        }
        guard let next, through.map({ !($0 < TaskCursor(next)) }) ?? true else { return .some(nil) }
        return .some(next.id)
    }

    /// Whether task `id` matches `search`.
    private func matches(_ id: Int64, _ search: TextSearch) async throws -> Bool {
        try await writer.read { db in
            try tasks.filter(TaskItem.Columns.id == id).filter(Self.matching(search)).fetchCount(db) > 0
        }
    }

    /// How many tasks are still to do and how many are done.
    public func counts() async throws -> (open: Int, done: Int) {
        try await writer.read { db in
            let done = try tasks.filter(TaskItem.Columns.isDone == true).fetchCount(db)
            return (try tasks.fetchCount(db) - done, done)
        }
    }

    /// The tasks whose name (through its stored sort key, folded for case in every script) or description holds what
    /// `search` says.
    static func matching(_ search: TextSearch) -> SQLExpression {
        search.matches(Column("sortName"), stored: TaskOrdering.sortKey) || search.matches(TaskItem.Columns.details)
    }

    /// The tasks listed after `cursor`, in the terms of ``TaskOrdering/sqlOrdering``.
    static func after(_ cursor: TaskCursor) -> SQLExpression {
        let isDone = TaskItem.Columns.isDone
        let day = TaskItem.Columns.day
        let sortName = Column("sortName")
        let id = TaskItem.Columns.id
        return isDone > cursor.isDone
            || isDone == cursor.isDone
                && (day < cursor.day
                    || day == cursor.day && (sortName > cursor.sortName || sortName == cursor.sortName && id > cursor.id))
    }

    /// The number of the owner's tasks.
    public func count() async throws -> Int {
        try await writer.read { db in try tasks.fetchCount(db) }
    }

    /// The task with the given identifier.
    ///
    /// - Throws: ``TaskListError/notFound(id:)`` if there is no such task.
    public func find(id: Int64) async throws -> TaskItem {
        try await writer.read { db in try fetch(id, in: db) }
    }

    // MARK: - Changing

    /// Stores a new task, not done, and returns it with its identifier.
    ///
    /// Records an `added` change.
    @discardableResult
    public func add(_ input: TaskInput) async throws -> TaskItem {
        let stamp = now()
        let item = try await writer.write(changing: { db in
            var item = TaskItem(
                name: input.name,
                details: input.details,
                isDone: false,
                day: input.day,
                createdAt: stamp,
                updatedAt: stamp,
                owner: owner
            )
            try item.insert(db)
            try Self.storeSortKey(of: item, in: db)
            return Changed(item, TaskChanged.Change.added, id: item.id, owner: owner)
        })
        return item
    }

    /// Replaces the name, description and day of a task — and whether it is done, when `isDone` is given — in one
    /// transaction, and returns the task.
    ///
    /// Records one `updated` change, unless the values were already the same (then nothing is written).
    ///
    /// - Parameters:
    ///   - id: The task.
    ///   - input: Its new name, description and day, checked (``TaskInput``).
    ///   - isDone: Whether it is done now; nil leaves it as it is.
    ///   - version: The ``TaskItem/version`` the caller last read; when given and the stored task has another, nothing
    ///     is written.
    /// - Throws: ``TaskListError/notFound(id:)`` if there is no such task, ``TaskListError/changed(id:)`` if it
    ///   changed since `version`.
    @discardableResult
    public func update(
        id: Int64,
        with input: TaskInput,
        isDone: Bool? = nil,
        ifVersion version: String? = nil
    ) async throws
        -> TaskItem
    {
        let stamp = now()
        return try await writer.write(changing: { db in
            var item = try fetch(id, in: db)
            if let version, version != item.version { throw TaskListError.changed(id: id) }
            let done = isDone ?? item.isDone
            guard item.name != input.name || item.details != input.details || item.day != input.day || item.isDone != done
            else { return Changed(item) }
            item.name = input.name
            item.details = input.details
            item.day = input.day
            item.isDone = done
            item.updatedAt = stamp
            try item.update(db)
            try Self.storeSortKey(of: item, in: db)
            return Changed(item, TaskChanged.Change.updated, id: id, owner: owner)
        })
    }

    /// Marks a task as done or not done, and returns the task.
    ///
    /// Records a `toggled` change, unless the task already was in that state (then nothing is written).
    ///
    /// - Throws: ``TaskListError/notFound(id:)`` if there is no such task.
    @discardableResult
    public func setDone(id: Int64, _ done: Bool) async throws -> TaskItem {
        let stamp = now()
        return try await writer.write(changing: { db in
            var item = try fetch(id, in: db)
            guard item.isDone != done else { return Changed(item) }
            item.isDone = done
            item.updatedAt = stamp
            try item.update(db)
            return Changed(item, TaskChanged.Change.toggled, id: id, owner: owner)
        })
    }

    /// Flips whether a task is done, and returns the task.
    ///
    /// Records a `toggled` change.
    ///
    /// - Throws: ``TaskListError/notFound(id:)`` if there is no such task.
    @discardableResult
    public func toggle(id: Int64) async throws -> TaskItem {
        let stamp = now()
        return try await writer.write(changing: { db in
            var item = try fetch(id, in: db)
            item.isDone.toggle()
            item.updatedAt = stamp
            try item.update(db)
            return Changed(item, TaskChanged.Change.toggled, id: id, owner: owner)
        })
    }

    /// Deletes a task and returns it as it was, so that ``restore(_:)`` can undo the deletion.
    ///
    /// Records a `deleted` change.
    ///
    /// - Throws: ``TaskListError/notFound(id:)`` if there is no such task.
    @discardableResult
    public func delete(id: Int64) async throws -> TaskItem {
        try await writer.write(changing: { db in
            let item = try fetch(id, in: db)
            try TaskItem.deleteOne(db, key: id)
            return Changed(item, TaskChanged.Change.deleted, id: id, owner: owner)
        })
    }

    /// Puts back a deleted task with its identifier and all its values, undoing ``delete(id:)``, and returns it.
    ///
    /// Identifiers of deleted tasks are never given to new tasks, so the identifier is still free unless the task
    /// was already restored: restoring twice returns the stored task and changes nothing. An item without an
    /// identifier is stored as a new task. Records a `restored` change when the task is put back.
    @discardableResult
    public func restore(_ item: TaskItem) async throws -> TaskItem {
        try await writer.write(changing: { db in
            if let id = item.id, let existing = try TaskItem.fetchOne(db, key: id) {
                guard existing.owner == owner else { throw TaskListError.notFound(id: id) }
                return Changed(existing)
            }
            var restored = item
            restored.owner = owner
            try restored.insert(db)
            try Self.storeSortKey(of: restored, in: db)
            return Changed(restored, TaskChanged.Change.restored, id: restored.id, owner: owner)
        })
    }

    // MARK: - Examples

    /// Adds a few example tasks, dated around the given day with one already done, the first time it is called on
    /// a database that has no tasks. They are the local person's (the person of a host without sign-in, and the first
    /// account of one with it).
    ///
    /// The database remembers that this was done, so the examples come back neither on the next launch nor after
    /// every task has been deleted. A database that already holds tasks is left as it is. No change is recorded.
    ///
    /// - Returns: The tasks that were added, if any.
    @discardableResult
    public func seedIfEmpty(today: TaskDay) async throws -> [TaskItem] {
        let stamp = now()
        return try await writer.write { db in
            // Writing first takes the write lock at once, so two processes opening a new database together
            // cannot both seed it.
            try db.execute(
                sql: "INSERT OR IGNORE INTO tasks_meta (key, value) VALUES ('seeded', ?)",
                arguments: [today.isoString]
            )
            guard db.changesCount > 0 else { return [] }
            guard try TaskItem.fetchCount(db) == 0 else { return [] }
            var items: [TaskItem] = []
            for example in Self.examples {
                var item = TaskItem(
                    name: example.name,
                    details: example.details,
                    isDone: example.isDone,
                    day: today.adding(days: example.dayOffset),
                    createdAt: stamp,
                    updatedAt: stamp
                )
                try item.insert(db)
                try Self.storeSortKey(of: item, in: db)
                items.append(item)
            }
            return TaskOrdering.sorted(items)
        }
    }

    private static let examples: [(name: String, details: String, isDone: Bool, dayOffset: Int)] = [
        ("Welcome to your task list", "Tick a task when it is done: it moves to the bottom. Delete this one when you are ready.", false, 0),
        ("Buy groceries", "Oat milk, apples, rice and something for Sunday dinner.", false, 1),
        ("Call the dentist", "Ask about moving the check-up to a morning.", false, 3),
        ("Plan the weekend hike", "", false, 6),
        ("Water the plants", "", true, -1),
    ]

    /// Keeps the `sortName` column (the list order's name key, see ``TaskOrdering/sortKey(_:)``) in step with the name.
    private static func storeSortKey(of item: TaskItem, in db: Database) throws {
        try db.execute(
            sql: "UPDATE tasks_item SET sortName = ? WHERE id = ?",
            arguments: [TaskOrdering.sortKey(item.name), item.id]
        )
    }

    /// One of the owner's tasks by its id, through a statement compiled once per connection (the edit page asks on
    /// every request; building and compiling the SQL each time cost more than running it).
    private func fetch(_ id: Int64, in db: Database) throws -> TaskItem {
        let statement = try db.cachedStatement(sql: "SELECT * FROM \(TaskItem.databaseTableName) WHERE id = ? AND owner = ?")
        guard let item = try TaskItem.fetchOne(statement, arguments: [id, owner]) else { throw TaskListError.notFound(id: id) }
        return item
    }
}
