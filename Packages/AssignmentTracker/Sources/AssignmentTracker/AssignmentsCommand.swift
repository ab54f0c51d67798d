import ArgumentParser
import Foundation
import Kernel
import KernelEvents
import KernelText

/// `atelier assignments …`: assignments from a terminal, on the same data directory as the web app. Dates are local
/// time (`2027-01-15T17:00`). A host running on that directory notices each change and updates open pages.
public struct AssignmentsCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "assignments",
        abstract: "List, show, add and delete assignments and their tasks, and export them as iCalendar.",
        subcommands: [List.self, Show.self, Add.self, TaskCommand.self, Delete.self, Export.self],
        defaultSubcommand: List.self
    )

    public init() {}

    struct Common: ParsableArguments {
        @OptionGroup var dataDirectory: DataDirectoryOptions

        func repository() throws -> AssignmentRepository {
            // Reminders and slip notices go into the database's outbox with each change: a running host carries them
            // into the inbox as it sees the commit, an operating-system job or the next host otherwise.
            let context = try dataDirectory.commandContext(for: .assignments)
            return AssignmentRepository(writer: context.database)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List assignments, soonest due first, then the archive.")
        @OptionGroup var common: Common
        @Flag(help: "Print JSON instead of text.") var json = false

        func run() async throws {
            print(try await output(), terminator: "")
        }

        /// What the command prints: one line per assignment, or JSON.
        func output() async throws -> String {
            let repository = try common.repository()
            let assignments = try await repository.all()
            if json {
                return try AssignmentJSON.json(assignments.map { AssignmentJSON($0, tasks: nil, timeZone: repository.timeZone) }) + "\n"
            }
            if assignments.isEmpty { return "No assignments.\n" }
            let width = assignments.map { String($0.id ?? 0).count }.max() ?? 1
            var text = ""
            for assignment in assignments {
                let id = String(assignment.id ?? 0)
                let padded = String(repeating: " ", count: width - id.count) + id
                let progress = assignment.progress.percent.map { "\($0)%" } ?? "no tasks"
                let mark = assignment.mark.map { ", mark \($0)%" } ?? ""
                text +=
                    "\(padded)  \(DisplayDate.dayAndTime(assignment.dueAt, in: repository.timeZone))  \(assignment.module.terminalSafe): \(assignment.name.terminalSafe) (\(progress)\(mark))\n"
            }
            return text
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show an assignment and its tasks.")
        @OptionGroup var common: Common
        @Flag(help: "Print JSON instead of text.") var json = false
        @Argument(help: "The assignment's id, as `atelier assignments list` shows it.") var id: Int64

        func run() async throws {
            print(try await output(), terminator: "")
        }

        /// What the command prints: the assignment, then one line per task, or JSON.
        func output() async throws -> String {
            let repository = try common.repository()
            let (assignment, tasks) = try await readable { try await repository.detail(id: id) }
            if json {
                return try AssignmentJSON.json(AssignmentJSON(assignment, tasks: tasks, timeZone: repository.timeZone)) + "\n"
            }
            let zone = repository.timeZone
            let gauge = DueGauge(due: assignment.dueAt, now: Date()).text
            var lines = [
                "\(assignment.module.terminalSafe): \(assignment.name.terminalSafe)",
                "  level \(assignment.level), worth \(assignment.value)% of the module",
                "  due \(DisplayDate.dayAndTime(assignment.dueAt, in: zone)) (\(gauge))",
                "  mark \(assignment.mark.map { "\($0)%" } ?? "not yet")",
                "  progress \(assignment.progress.percent.map { "\($0)%" } ?? "no tasks")",
                "  reminder \(Moment.words(assignment.reminder.summary, in: zone))",
            ]
            if !assignment.notes.isEmpty { lines.append("  notes: \(assignment.notes.terminalSafeLines(indent: "         "))") }
            for task in tasks {
                let state = TaskSchedule(task, now: Date()).isBehind ? ", behind schedule" : ""
                lines.append(
                    "  task \(task.id ?? 0): \(task.name.terminalSafe), \(task.percent)% (\(Moment.words(task.length.summary, in: zone))\(state))"
                )
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an assignment; prints its id.")
        @OptionGroup var common: Common
        @Option(help: "The module's name.") var module: String
        @Option(help: "The level: 4, 5, 6 or 7.") var level: String
        @Option(help: "The assignment's name.") var name: String
        @Option(help: "Its value as a percentage of the module (0–100).") var value: String
        @Option(help: "When it is due, local time: 2027-01-15T17:00.") var due: String
        @Option(help: "The mark awarded (0–100).") var mark: String = ""
        @Option(help: "Notes.") var notes: String = ""
        @Option(help: "A reminder this many minutes before it is due.") var remindMinutesBefore: String?

        func run() async throws {
            let draft = AssignmentDraft(
                module: module,
                level: level,
                name: name,
                value: value,
                mark: mark,
                due: due,
                notes: notes,
                reminder: remindMinutesBefore == nil ? "off" : "before",
                reminderAmount: remindMinutesBefore ?? "",
                reminderUnit: "minutes"
            )
            let repository = try common.repository()
            let input = try checked(AssignmentValidation.validate(draft, in: repository.timeZone))
            let assignment = try await repository.add(input)
            print(assignment.id ?? 0)
        }
    }

    struct TaskCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "task",
            abstract: "Add a task to an assignment.",
            subcommands: [TaskAdd.self]
        )
    }

    struct TaskAdd: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a task to an assignment; prints its id.")
        @OptionGroup var common: Common
        @Argument(help: "The assignment's id.") var id: Int64
        @Option(help: "The task's name.") var name: String
        @Option(help: "When work starts: 2027-01-04 or 2027-01-04T09:00.") var start: String
        @Option(help: "When it should end.") var end: String?
        @Option(help: "How many hours it should take.") var hours: String?
        @Option(help: "How many days it should take.") var days: String?
        @Option(help: "How far along it is (0–100).") var percent: String = "0"
        @Option(help: "Its own due date.") var due: String = ""
        @Option(help: "Notes.") var notes: String = ""

        func validate() throws {
            if [end, hours, days].compactMap({ $0 }).count > 1 {
                throw ValidationError("Give the length once: --end, --hours or --days.")
            }
        }

        func run() async throws {
            let kind = end != nil ? "end" : hours != nil ? "hours" : days != nil ? "days" : "none"
            let draft = TaskDraft(
                name: name,
                start: start,
                lengthKind: kind,
                end: end ?? "",
                amount: hours ?? days ?? "",
                notes: notes,
                due: due,
                percent: percent
            )
            let repository = try common.repository()
            let input = try checked(TaskValidation.validate(draft, in: repository.timeZone))
            let task = try await readable { try await repository.addTask(to: id, input) }
            print(task.id ?? 0)
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete an assignment and its tasks.")
        @OptionGroup var common: Common
        @Argument(help: "The assignment's id.") var id: Int64

        func run() async throws {
            let assignment = try await readable { try await common.repository().delete(id: id) }
            print("Deleted assignment \(id): \(assignment.name.terminalSafe)")
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write every assignment as one iCalendar file to standard output.")
        @OptionGroup var common: Common

        func run() async throws {
            FileHandle.standardOutput.write(Data(try await output().utf8))
        }

        /// What the command writes: the iCalendar file.
        func output() async throws -> String {
            let repository = try common.repository()
            return AssignmentCalendar.calendar(try await repository.all(), timeZone: repository.timeZone)
        }
    }
}

/// The values of a checked form, or one line per refused field as the command's failure.
private func checked<Value, Field>(_ result: Result<Value, FieldErrors<Field>>) throws -> Value {
    switch result {
    case .success(let value): return value
    case .failure(let errors): throw CommandFailure(errors.fields.compactMap { errors[$0] }.joined(separator: "\n"))
    }
}

/// A missing assignment or task, or a full one, as one readable line.
private func readable<T>(_ body: () async throws -> T) async throws -> T {
    try await CommandFailure.reading(AssignmentError.self, body)
}

/// An assignment as `list --json` and `show --json` print it.
struct AssignmentJSON: Encodable {
    struct TaskJSON: Encodable {
        var id: Int64
        var name: String
        var start: String
        var length: String
        var percent: Int
        var due: String?
        var behind: Bool
    }

    var id: Int64
    var module: String
    var level: Int
    var name: String
    var value: Int
    var mark: Int?
    var due: String
    var progress: Int?
    var notes: String
    var tasks: [TaskJSON]?

    init(_ assignment: Assignment, tasks: [AssignmentTask]?, timeZone: TimeZone) {
        id = assignment.id ?? 0
        module = assignment.module
        level = assignment.level
        name = assignment.name
        value = assignment.value
        mark = assignment.mark
        due = LocalDateTime.format(assignment.dueAt, in: timeZone)
        progress = assignment.progress.percent
        notes = assignment.notes
        self.tasks = tasks?.map { task in
            TaskJSON(
                id: task.id ?? 0,
                name: task.name,
                start: LocalDateTime.format(task.startAt, in: timeZone),
                length: Moment.words(task.length.summary, in: timeZone, clock: .twentyFourHour),
                percent: task.percent,
                due: task.dueAt.map { LocalDateTime.format($0, in: timeZone) },
                behind: TaskSchedule(task, now: Date()).isBehind
            )
        }
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
