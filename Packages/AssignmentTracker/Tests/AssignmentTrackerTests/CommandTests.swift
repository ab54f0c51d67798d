import ArgumentParser
import Foundation
import GRDB
import Kernel
import KernelEvents
import KernelStorage
import KernelText
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

    /// What `list`, `show` or `export` would print for `arguments`.
    func output(_ arguments: [String]) async throws -> String {
        switch try AssignmentsCommand.parseAsRoot(arguments) {
        case let list as AssignmentsCommand.List: return try await list.output()
        case let show as AssignmentsCommand.Show: return try await show.output()
        case let export as AssignmentsCommand.Export: return try await export.output()
        case let other:
            Issue.record("\(type(of: other)) prints no text")
            return ""
        }
    }

    @Test("show keeps the line breaks of notes (each line indented under the first), tabs dropped")
    func notesOnSeveralLines() async throws {
        let databases = try TestDatabases()
        defer { databases.remove() }
        let dir = ["--data-dir", databases.directory.path]
        let notes = "Cover the architecture.\r\nAdd a diagram.\n\tThird line."
        try await run(
            ["add", "--module", "Databases", "--level", "5", "--name", "Report", "--value", "30", "--due", "2030-02-01T12:00"]
                + ["--notes", notes] + dir
        )
        let id = try #require(try await AssignmentRepository(writer: databases.feature).all().first?.id)
        let shown = try await output(["show", "\(id)"] + dir)
        #expect(shown.contains("  notes: Cover the architecture.\n         Add a diagram.\n         Third line.\n"), "\(shown)")
    }

    @Test("add, task add and delete change the same database; list, show and export print it; refusals are one line per field")
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
        let repository = AssignmentRepository(writer: databases.feature)
        let added = try #require(try await repository.all().first)
        #expect(added.module == "Databases" && added.level == 5 && added.mark == 61)
        let id = try #require(added.id)
        try await run(["task", "add", "\(id)", "--name", "Outline", "--start", "2030-01-10", "--hours", "4", "--percent", "50"] + dir)
        try await run(["task", "add", "\(id)", "--name", "Write", "--start", "2030-01-11T09:00", "--end", "2030-01-11T13:00"] + dir)
        let (assignment, tasks) = try await repository.detail(id: id)
        #expect(tasks.map(\.name) == ["Outline", "Write"])
        #expect(tasks[1].length.kind == "end")
        #expect(assignment.progress.percent == 25)
        let zone = repository.timeZone
        let due = LocalDateTime.format(added.dueAt, in: zone)
        // The text says the due date in the briefs' words, in this machine's clock; --json keeps the form's value.
        let words = DisplayDate.dayAndTime(added.dueAt, in: zone)
        #expect(try await output(["list"] + dir) == "\(id)  \(words)  Databases: Report (25%, mark 61%)\n")

        let listed = try JSONSerialization.jsonObject(with: Data(try await output(["list", "--json"] + dir).utf8)) as? [[String: Any]]
        #expect(listed?.count == 1)
        #expect(listed?.first?["name"] as? String == "Report")
        #expect(listed?.first?["progress"] as? Int == 25)
        #expect(listed?.first?["due"] as? String == due)

        let shown = try await output(["show", "\(id)"] + dir).split(separator: "\n").map(String.init)
        let outline = try #require(tasks[0].id)
        let write = try #require(tasks[1].id)
        #expect(shown.count == 8)
        #expect(shown.first == "Databases: Report")
        #expect(shown.dropFirst().first == "  level 5, worth 30% of the module")
        #expect(shown.dropFirst(2).first?.hasPrefix("  due \(words) (") == true)
        #expect(Array(shown.dropFirst(3).prefix(2)) == ["  mark 61%", "  progress 25%"])
        #expect(shown.dropFirst(5).first?.hasPrefix("  reminder ") == true)
        #expect(shown.dropFirst(6).first == "  task \(outline): Outline, 50% (4 hours)")
        #expect(shown.dropFirst(7).first == "  task \(write): Write, 0% (until 11 January 2030, 13:00)")

        let detail =
            try JSONSerialization.jsonObject(with: Data(try await output(["show", "\(id)", "--json"] + dir).utf8)) as? [String: Any]
        #expect((detail?["tasks"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Outline", "Write"])

        let calendar = try await output(["export"] + dir)
        #expect(calendar.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(calendar.hasSuffix("END:VCALENDAR\r\n"))
        #expect(calendar.components(separatedBy: "BEGIN:VEVENT").count == 2)
        #expect(calendar.contains("SUMMARY:Databases: Report due\r\n"))
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
        #expect(try await output(["list"] + dir) == "No assignments.\n")
    }
}
