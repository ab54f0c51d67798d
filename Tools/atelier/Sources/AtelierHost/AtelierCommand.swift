import ArgumentParser
import Foundation
import Kernel
import KernelStorage

/// The `atelier` command: runs the web app, lists features, and carries each feature's own subcommands.
@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
public struct AtelierCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "atelier",
        abstract: "A suite of small apps, served as one web app and a command line.",
        discussion: """
            Start the web app with `atelier serve` and open the address it prints.
            Each app also has commands of its own, e.g. `atelier tasks list`.
            """,
        subcommands: [ServeCommand.self, FeaturesCommand.self, NotifyCommand.self] + Registry.features.all.flatMap(\.commands),
        defaultSubcommand: nil
    )

    public init() {}
}

@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
extension AtelierCommand {
    /// Parses the process's arguments and runs the chosen command, exiting with its status.
    public static func start(_ arguments: [String]? = nil) async {
        // Everything Atelier creates (databases, downloads, their folders) is its user's alone.
        umask(0o077)
        do {
            var command = try await asyncParseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch  where DiskFull.matches(error) {
            // A database that could not even be opened names its file; a refused write says nothing was saved.
            exit(withError: CommandFailure((error as? StorageError)?.description ?? DiskFull.message))
        } catch {
            exit(withError: error)
        }
    }
}
