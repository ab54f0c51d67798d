import ArgumentParser
import Foundation
import GRDB
import Kernel
import KernelBus
import KernelStorage
import Testing

@testable import AssignmentTracker

@Suite("atelier assignments, on the data directory the host uses")
struct CommandTests {
    func run(_ arguments: [String]) async throws {
        var command = try AssignmentsCommand.parseAsRoot(arguments)
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            try command.run()
        }
    }

    @Test("add, task add and delete change the same database; refusals are one line per field")
    func commands() async throws {
        let databases = try TestDatabases()
        defer { databases.remove() }
        let dir = ["--data-dir", databases.directory.path]
        try await run(
            [
                "add", "--module", "Databases", "--level", "5", "--name", "Report", "--value", "30", "--due", "2030-02-01T12:00", "--mark",
                "61",
            ]
                + dir
        )
        let repository = AssignmentRepository(writer: databases.feature, bus: databases.bus)
        let added = try #require(try await repository.all().first)
        #expect(added.module == "Databases" && added.level == 5 && added.mark == 61)
        let id = try #require(added.id)
        try await run(["task", "add", "\(id)", "--name", "Outline", "--start", "2030-01-10", "--hours", "4", "--percent", "50"] + dir)
        try await run(["task", "add", "\(id)", "--name", "Write", "--start", "2030-01-11T09:00", "--end", "2030-01-11T13:00"] + dir)
        let (assignment, tasks) = try await repository.detail(id: id)
        #expect(tasks.map(\.name) == ["Outline", "Write"])
        #expect(tasks[1].length.kind == "end")
        #expect(assignment.progress.percent == 25)
        try await run(["list", "--json"] + dir)
        try await run(["show", "\(id)"] + dir)
        try await run(["export"] + dir)
        let refused = await #expect(throws: CommandFailure.self) {
            try await run(["add", "--module", "", "--level", "9", "--name", "N", "--value", "x", "--due", "2030-02-01T12:00"] + dir)
        }
        #expect(
            refused?.message
                == "Name the module, like “Mobile Development”.\nChoose level 4, 5, 6 or 7.\nGive the value as a whole percentage of the module, from 0 to 100."
        )
        #expect(throws: (any Error).self) {
            try AssignmentsCommand.parseAsRoot(["task", "add", "1", "--name", "N", "--start", "2030-01-01", "--hours", "1", "--days", "1"])
        }
        try await run(["delete", "\(id)"] + dir)
        let missing = await #expect(throws: CommandFailure.self) { try await run(["delete", "\(id)"] + dir) }
        #expect(missing?.message == AssignmentError.assignmentNotFound(id: id).description)
        #expect(try await repository.all().isEmpty)
    }
}
