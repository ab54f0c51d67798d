import Foundation

/// The assignment tracker's operations: both sections of the list, the assignment and task forms (a refusal, an add,
/// an edit from a stale copy and from a fresh one), a percent, the mark form's rule, a detail, and deleting.
struct AssignmentsWalk {
    let client: Client

    func run() async throws {
        let current = try await client.listAssignments().ok.body.json
        let archive = try await client.listAssignments(query: .init(section: .archive)).ok.body.json
        try expect(current.current == archive.current, "assignments: \(current.current) current, \(current.archive) archived")

        let draft = Components.Schemas.AssignmentDraft(
            module: "Mobile Development",
            level: ._6,
            name: "Coursework",
            value: 40,
            due: "2030-01-15T17:00",
            reminder: .init(kind: .before, minutes: 1_440)
        )
        var refusedDraft = draft
        refusedDraft.due = "2030-02-30T17:00"
        let refused = try await client.createAssignment(body: .json(refusedDraft)).unprocessableContent.body.applicationProblemJson
        try expect(refused.errors?.first?.field == "due", "assignments: 30 February is refused beside the due field")
        let added = try await client.createAssignment(body: .json(draft)).created
        let assignment = try added.body.json
        try expect(added.headers.location == "/api/v1/assignments/\(assignment.id)", "assignments: add; Location names it")
        var sentBack = draft
        sentBack.due = ISO8601DateFormatter().string(from: assignment.dueAt)
        let same = try await client.updateAssignment(
            path: .init(id: assignment.id),
            headers: .init(ifMatch: assignment.etag),
            body: .json(sentBack)
        ).ok.body.json
        try expect(same.etag == assignment.etag, "assignments: a due date sent back as answered is the same moment")

        let created = try await client.createAssignmentTask(
            path: .init(id: assignment.id),
            body: .json(.init(name: "Draft", start: "2030-01-05T09:00", length: .init(kind: .hours, amount: 2)))
        ).created
        let task = try created.body.json
        let read = try await client.getAssignmentTask(path: .init(id: task.id)).ok
        try expect(
            created.headers.location == "/api/v1/assignment-tasks/\(task.id)" && (try read.body.json).etag == task.etag,
            "assignments: a task added; its Location reads it back"
        )
        let halfway = try await client.setAssignmentTaskPercent(path: .init(id: task.id), body: .json(.init(percent: 50))).ok.body.json
        let stale = try await client.updateAssignmentTask(
            path: .init(id: task.id),
            headers: .init(ifMatch: task.etag),
            body: .json(.init(name: "Outline", start: "2030-01-05T09:00"))
        )
        try expect((try? stale.preconditionFailed) != nil, "assignments: a task edited from a stale copy answers 412")
        _ = try await client.updateAssignmentTask(
            path: .init(id: task.id),
            headers: .init(ifMatch: halfway.etag),
            body: .json(.init(name: "Outline", start: "2030-01-05T09:00", length: .init(kind: .hours, amount: 2), percent: 50))
        ).ok
        let detail = try await client.getAssignment(path: .init(id: assignment.id)).ok.body.json
        try expect(
            detail.assignment.progress == 50 && detail.tasks.map(\.name) == ["Outline"],
            "assignments: the detail has the edited task, 50% done (times in \(detail.timeZone))"
        )

        let over = try await client.setAssignmentMark(path: .init(id: assignment.id), body: .json(.init(mark: 101)))
        try expect(
            (try? over.unprocessableContent.body.applicationProblemJson.errors?.first?.field) == "mark",
            "assignments: a mark over 100 is refused beside its field"
        )
        _ = try await client.deleteAssignmentTask(path: .init(id: task.id)).noContent
        _ = try await client.deleteAssignment(path: .init(id: assignment.id)).noContent
        let gone = try await client.getAssignment(path: .init(id: assignment.id))
        try expect((try? gone.notFound) != nil, "assignments: the task and the assignment deleted")
    }
}
