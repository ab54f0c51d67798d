import ArgumentParser
import Foundation
import Kernel

/// `atelier __ID__ …`: __TITLE__ from a terminal, on the same data directory as the web app. A host running on that
/// directory notices the change and updates open pages.
public struct __NAME__Command: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "__ID__",
        abstract: "List, add and delete __TITLE__ entries.",
        subcommands: [List.self, Add.self, Delete.self],
        defaultSubcommand: List.self
    )

    public init() {}

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List entries, newest first.")
        @OptionGroup var dataDirectory: DataDirectoryOptions

        func run() async throws {
            let entries = try await repository(dataDirectory).page()
            if entries.isEmpty { print("No entries.") }
            for entry in entries { print("\(entry.id ?? 0)  \(entry.title.terminalSafe)") }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an entry.")
        @OptionGroup var dataDirectory: DataDirectoryOptions
        @Argument(help: "The entry's title.") var title: String

        func run() async throws {
            let entry = try await readable { try await repository(dataDirectory).add(title: title) }
            print("Added entry \(entry.id ?? 0): \(entry.title.terminalSafe)")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete an entry.")
        @OptionGroup var dataDirectory: DataDirectoryOptions
        @Argument(help: "The entry's id, as `atelier __ID__ list` shows it.") var id: Int64

        func run() async throws {
            let entry = try await readable { try await repository(dataDirectory).delete(id: id) }
            print("Deleted entry \(id): \(entry.title.terminalSafe)")
        }
    }
}

private func repository(_ options: DataDirectoryOptions) throws -> __NAME__Repository {
    let context = try options.commandContext(for: .__ID__)
    return __NAME__Repository(writer: context.database)
}

/// Turns a refused title or a missing entry into one readable line instead of a stack of types.
private func readable<T>(_ body: () async throws -> T) async throws -> T {
    try await CommandFailure.reading(__NAME__Error.self, body)
}
