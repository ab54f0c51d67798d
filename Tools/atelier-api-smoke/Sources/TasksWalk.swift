import Foundation

/// The task list's operations, in the order a person uses them: list, add (and a refused add), read, edit (and an edit
/// from a stale copy), swipe done, delete.
struct TasksWalk {
    let client: Client

    func run() async throws {
        let first = try await client.listTasks(query: .init(limit: 200)).ok.body.json
        try expect(
            first.tasks.count == first.open + first.done || first.next != nil,
            "tasks: list counts \(first.open) open, \(first.done) done"
        )
        // The brief's order: open before done, then the most recent day first.
        let keys = first.tasks.map { (done: $0.done, day: $0.day) }
        try expect(
            zip(keys, keys.dropFirst()).allSatisfy { a, b in a.done != b.done ? !a.done : a.day >= b.day },
            "tasks: open before done, the most recent day first"
        )

        let refused = try await client.createTask(body: .json(.init(name: "  ", day: "2026-02-30")))
        let problem = try refused.unprocessableContent.body.applicationProblemJson
        let messages = Dictionary(uniqueKeysWithValues: (problem.errors ?? []).map { ($0.field, $0.message) })
        try expect(
            messages["name"] == "Give the task a name." && messages["day"] == "Use a real date, like 2026-11-21.",
            "tasks: a blank name and 30 February are refused with the form's sentences"
        )

        let created = try await client.createTask(body: .json(.init(name: "  Water the plants ", day: "2026-12-01")))
        let added = try created.created
        let task = try added.body.json
        try expect(task.name == "Water the plants" && !task.done, "tasks: add trims the name (\(added.headers.location))")
        try expect(added.headers.location == "/api/v1/tasks/\(task.id)", "tasks: Location names the new task")

        let read = try await client.getTask(path: .init(id: task.id)).ok
        try expect(read.headers.eTag == added.headers.eTag, "tasks: read gives the same ETag")

        let edited = try await client.updateTask(
            path: .init(id: task.id),
            headers: .init(ifMatch: read.headers.eTag),
            body: .json(.init(name: "Water the plants and the herbs", details: "Balcony too", day: "2026-12-02"))
        ).ok
        try expect(try edited.body.json.details == "Balcony too", "tasks: edit with If-Match saves")

        let stale = try await client.updateTask(
            path: .init(id: task.id),
            headers: .init(ifMatch: read.headers.eTag),
            body: .json(.init(name: "An older copy", day: "2026-12-02"))
        )
        let kept = try await client.getTask(path: .init(id: task.id)).ok.body.json.name
        try expect(
            (try? stale.preconditionFailed) != nil && kept == "Water the plants and the herbs",
            "tasks: edit from a stale copy answers 412 and changes nothing"
        )

        let toggled = try await client.toggleTask(path: .init(id: task.id)).ok.body.json
        try expect(toggled.done, "tasks: swipe marks it done")

        _ = try await client.deleteTask(path: .init(id: task.id)).noContent
        let gone = try await client.getTask(path: .init(id: task.id))
        try expect(
            (try? gone.notFound.body.applicationProblemJson.title)
                == "That task no longer exists. It may have been deleted in another window.",
            "tasks: deleted, then 404 in the page's words"
        )
    }
}
