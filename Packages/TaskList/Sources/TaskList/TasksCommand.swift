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
            let repository = TaskRepository(writer: context.database, bus: context.bus)
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
        @Option(help: "The date, as YYYY-MM-DD (default: today).") var date: String?

        func run() async throws {
            let input = try validated(TaskDraft(name: name, details: details, day: date ?? TaskDay.today().isoString))
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
            try common.print(try await existing { try await repository.setDone(id: id, !undo) }, undo ? "Reopened" : "Completed")
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a task's name, description or date.")
        @OptionGroup var common: Common
        @Argument(help: "The task's id.") var id: Int64
        @Option(help: "A new name.") var name: String?
        @Option(help: "A new description.") var details: String?
        @Option(help: "A new date, as YYYY-MM-DD.") var date: String?

        func run() async throws {
            let repository = try await common.repository()
            let current = try await existing { try await repository.find(id: id) }
            let input = try validated(
                TaskDraft(name: name ?? current.name, details: details ?? current.details, day: date ?? current.day.isoString)
            )
            try common.print(try await existing { try await repository.update(id: id, with: input) }, "Updated")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a task.")
        @OptionGroup var common: Common
        @Argument(help: "The task's id.") var id: Int64

        func run() async throws {
            let repository = try await common.repository()
            try common.print(try await existing { try await repository.delete(id: id) }, "Deleted")
        }
    }
}

/// Turns validation failures into one readable error line per field.
private func validated(_ draft: TaskDraft) throws -> TaskInput {
    switch TaskValidation.validate(draft) {
    case .success(let input): return input
    case .failure(let errors): throw ValidationError(errors.fields.compactMap { errors[$0] }.joined(separator: " "))
    }
}

/// Turns a missing task into a readable error instead of a stack of types.
private func existing<T>(_ body: () async throws -> T) async throws -> T {
    try await CommandFailure.reading(TaskListError.self, body)
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
