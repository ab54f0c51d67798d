import ArgumentParser
import Foundation
import Kernel
import KernelBus
import KernelStorage

/// `atelier notify`: leaves a notice for the host to deliver (inbox, live toast, desktop notification).
struct NotifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Raise a notice; a host running on the same data directory shows it within a second."
    )

    @Argument(help: "The headline.") var title: String
    @Argument(help: "One or two sentences.") var body: String = ""
    @Option(help: "A path inside the app to open from the notice, e.g. /tasks.") var link: String?
    @Option(help: "Deliver it this many seconds from now instead of at once.") var inSeconds: Double = 0
    @OptionGroup var dataDirectory: DataDirectoryOptions

    func run() async throws {
        let database = try dataDirectory.openDatabase(featureID: "kernel", migrations: NoticeCenter.migrations)
        let center = NoticeCenter(database: database, bus: NotificationBus())
        let notice = try await center.schedule(
            featureID: "cli",
            title: title,
            body: body,
            link: link,
            at: Date().addingTimeInterval(max(0, inSeconds))
        )
        print("Notice \(notice.id ?? 0) will be delivered by the host at \(notice.deliverAt).")
    }
}
