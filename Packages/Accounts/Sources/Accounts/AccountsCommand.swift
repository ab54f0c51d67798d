import ArgumentParser
import Foundation
import Kernel

/// `atelier accounts …`: the accounts from a terminal, on the same data directory as the web app. Never prints a
/// password hash.
public struct AccountsCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: "List and delete accounts.",
        subcommands: [List.self, Delete.self],
        defaultSubcommand: List.self
    )

    public init() {}

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the accounts' emails and names, oldest first.")
        @OptionGroup var dataDirectory: DataDirectoryOptions
        @Flag(help: "Print JSON: an array of {email, firstName, lastName, mobile, gender, createdAt}.") var json = false

        func run() async throws {
            let accounts = try await store(dataDirectory).all()
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                encoder.dateEncodingStrategy = .iso8601
                let listed = accounts.map(ListedAccount.init)
                print(String(decoding: try encoder.encode(listed), as: UTF8.self))
                return
            }
            if accounts.isEmpty { print("No accounts.") }
            for account in accounts {
                let name = [account.firstName, account.lastName].filter { !$0.isEmpty }.joined(separator: " ")
                print("\(account.email.terminalSafe)  \(name.terminalSafe)")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete an account and end its sessions.")
        @OptionGroup var dataDirectory: DataDirectoryOptions
        @Argument(help: "The account's email (case does not matter).") var email: String

        func run() async throws {
            let account = try await CommandFailure.reading(AccountsError.self) {
                try await store(dataDirectory).delete(email: email)
            }
            print("Deleted the account \(account.email.terminalSafe).")
        }
    }
}

/// What `accounts list --json` prints of an account: no hash, no id.
private struct ListedAccount: Encodable {
    let email: String
    let firstName: String
    let lastName: String
    let mobile: String
    let gender: String
    let createdAt: Date

    init(_ account: Account) {
        email = account.email
        firstName = account.firstName
        lastName = account.lastName
        mobile = account.mobile
        gender = account.gender.rawValue
        createdAt = account.createdAt
    }
}

private func store(_ options: DataDirectoryOptions) throws -> AccountStore {
    let context = try options.commandContext(for: .accounts)
    return AccountStore(writer: context.database)
}
