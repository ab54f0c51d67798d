import ArgumentParser
import Foundation
import Kernel

/// `atelier tasks …`: the task list from a terminal, on the same data directory as the web app. A host running on
/// that directory notices the change and updates open pages.
public struct TasksCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "tasks",
        abstract: "List, add, complete, edit and delete tasks.",
        subcommands: [List.self, Add.self, Done.self, Edit.self, Delete.self],
        defaultSubcommand: List.self
    )

    public init() {}

    /// Options every tasks subcommand takes.
    struct Common: ParsableArguments {
        @OptionGroup var dataDirectory: DataDirectoryOptions

        @Flag(help: "Print JSON instead of text.")
        var json = false

        func repository() async throws -> TaskRepository {
            let context = try dataDirectory.commandContext(for: .tasks)
            let repository = TaskRepository(writer: context.database)
            try await repository.seedIfEmpty(today: .today())
            return repository
        }

        func print(_ items: [TaskItem]) throws {
            if json {
                Swift.print(try TaskJSON.encode(items))
            } else if items.isEmpty {
                Swift.print("No tasks.")
            } else {
                let width = items.map { String($0.id ?? 0).count }.max() ?? 1
                for item in items {
                    let id = String(item.id ?? 0)
                    let padded = String(repeating: " ", count: width - id.count) + id
                    let mark = item.isDone ? "[x]" : "[ ]"
                    Swift.print("\(padded)  \(mark) \(item.day.isoString)  \(item.name.terminalSafe)")
                }
            }
        }

        func print(_ item: TaskItem, _ verb: String) throws {
            if json {
                Swift.print(try TaskJSON.encode(item))
            } else {
                Swift.print(
                    "\(verb) task \(item.id ?? 0): \(item.name.terminalSafe) (\(item.day.isoString)\(item.isDone ? ", done" : ""))"
                )
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List tasks in order: not done first, most recent date first.")
        @OptionGroup var common: Common

        func run() async throws {
            try common.print(try await common.repository().all())
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a task.")
        @OptionGroup var common: Common
        @Argument(help: "The task's name.") var name: String
        @Option(help: "A longer description.") var details: String = ""
        @Option(help: "The date: YYYY-MM-DD, today, tomorrow, yesterday or a weekday name (default: today).")
        var date: String?

        func run() async throws {
            let day = try date.map(cliDay) ?? TaskDay.today()
            let input = try validated(TaskDraft(name: name, details: details, day: day.isoString))
            try common.print(try await common.repository().add(input), "Added")
        }
    }

    struct Done: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a task done (or not done with --undo).")
        @OptionGroup var common: Common
        @Argument(help: "The task's id, as shown by `atelier tasks list`.") var id: Int64
        @Flag(help: "Mark it not done instead.") var undo = false

        func run() async throws {
            let repository = try await common.repository()
            try common.print(try await existing(id) { try await repository.setDone(id: id, !undo) }, undo ? "Reopened" : "Completed")
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a task's name, description or date.")
        @OptionGroup var common: Common
        @Argument(help: "The task's id.") var id: Int64
        @Option(help: "A new name.") var name: String?
        @Option(help: "A new description.") var details: String?
        @Option(help: "A new date: YYYY-MM-DD, today, tomorrow, yesterday or a weekday name.") var date: String?

        func run() async throws {
            guard name != nil || details != nil || date != nil else {
                throw CommandFailure("Nothing to change: give --name, --details or --date (or use `atelier tasks done \(id)`).")
            }
            let repository = try await common.repository()
            let current = try await existing(id) { try await repository.find(id: id) }
            let day = try date.map(cliDay) ?? current.day
            let input = try validated(
                TaskDraft(name: name ?? current.name, details: details ?? current.details, day: day.isoString)
            )
            guard input.name != current.name || input.details != current.details || input.day != current.day else {
                throw CommandFailure("Task \(id) already has that name, description and date: nothing was changed.")
            }
            try common.print(try await existing(id) { try await repository.update(id: id, with: input) }, "Updated")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a task.")
        @OptionGroup var common: Common
        @Argument(help: "The task's id.") var id: Int64

        func run() async throws {
            let repository = try await common.repository()
            try common.print(try await existing(id) { try await repository.delete(id: id) }, "Deleted")
        }
    }
}

/// Turns validation failures into one readable line (without another command's usage line under it).
private func validated(_ draft: TaskDraft) throws -> TaskInput {
    switch TaskValidation.validate(draft) {
    case .success(let input): return input
    case .failure(let errors): throw CommandFailure(errors.fields.compactMap { errors[$0] }.joined(separator: " "))
    }
}

/// The day `--date` names, or a message listing what it accepts.
private func cliDay(_ text: String) throws -> TaskDay {
    guard let day = TaskDay(words: text, today: .today()) else {
        throw CommandFailure("“\(text.terminalSafe)” is not a date. Use \(TaskDay.acceptedWords).")
    }
    return day
}

/// Says plainly that there is no task `id` when the repository finds none.
private func existing<T>(_ id: Int64, _ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch TaskListError.notFound {
        throw CommandFailure("There is no task \(id). `atelier tasks list` shows the tasks and their ids.")
    }
}

/// The JSON and terminal forms of tasks for the CLI.
enum TaskJSON {
    struct Row: Encodable {
        let id: Int64
        let name: String
        let details: String
        let done: Bool
        let date: String
    }

    static func encode(_ items: [TaskItem]) throws -> String {
        try string(items.map(row))
    }

    static func encode(_ item: TaskItem) throws -> String {
        try string(row(item))
    }

    private static func row(_ item: TaskItem) -> Row {
        Row(id: item.id ?? 0, name: item.name, details: item.details, done: item.isDone, date: item.day.isoString)
    }

    private static func string(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
