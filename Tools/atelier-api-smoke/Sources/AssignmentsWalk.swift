/// The assignment tracker's operations: both sections of the list, a detail, and the mark form's rule.
struct AssignmentsWalk {
    let client: Client

    func run() async throws {
        let current = try await client.listAssignments().ok.body.json
        let archive = try await client.listAssignments(query: .init(section: .archive)).ok.body.json
        try expect(current.current == archive.current, "assignments: \(current.current) current, \(current.archive) archived")
        if let first = current.assignments.first {
            let detail = try await client.getAssignment(path: .init(id: first.id)).ok.body.json
            try expect(detail.tasks.count == first.taskCount, "assignments: the detail of \(first.name) has its tasks")
        }
        let refused = try await client.setAssignmentMark(path: .init(id: current.assignments.first?.id ?? 1), body: .json(.init(mark: 101)))
        try expect(
            (try? refused.unprocessableContent.body.applicationProblemJson.errors?.first?.field) == "mark",
            "assignments: a mark over 100 is refused beside its field"
        )
    }
}
