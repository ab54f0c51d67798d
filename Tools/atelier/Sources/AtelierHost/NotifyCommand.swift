import ArgumentParser
import Foundation
import GRDB
import Kernel
import KernelEvents
import KernelHTTPClient
import KernelPush
import KernelStorage
import KernelText
import Logging

/// `atelier notify`: leaves a notice for the host to deliver (inbox, live toast, desktop notification), or, with
/// `--due KEY`, delivers a stored notice itself when its time comes (what an operating-system job runs, so that a
/// countdown notifies while the host is not running).
struct NotifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Raise a notice; a host running on the same data directory shows it at once.",
        discussion: """
            With --due KEY, no notice is raised: the notice already stored under KEY is delivered from this process \
            (inbox and desktop) at its time, waiting until then, unless it was delivered or withdrawn meanwhile.
            """
    )

    @Argument(help: "The headline.") var title: String?
    @Argument(help: "One or two sentences.") var body: String = ""
    @Option(help: "A path inside the app to open from the notice, e.g. /tasks.") var link: String?
    @Option(help: "Deliver it this many seconds from now instead of at once.") var inSeconds: Double = 0
    @Option(help: "Make the notice one of a kind: a second notice with the same key is dropped.") var key: String?
    @Option(help: "Deliver the stored notice with this key when it is due, from this process.") var due: String?
    @OptionGroup var dataDirectory: DataDirectoryOptions

    func run() async throws {
        if due != nil, !FileManager.default.fileExists(atPath: dataDirectory.directory.path) {
            // A job left behind by a data directory since removed: nothing to deliver into, and nothing to create.
            print("The data directory \(dataDirectory.directory.path) is gone; nothing to do.")
            return
        }
        let database = try dataDirectory.openDatabase(featureID: "kernel", migrations: NoticeCenter.migrations)
        if let due {
            let center = NoticeCenter(database: database, bus: EventBus(), desktop: DesktopNotifier.ifAvailable())
            try await deliver(key: due, center: center, database: database)
            return
        }
        guard let title, !title.isEmpty else { throw CommandFailure("Give the notice a headline.") }
        if let link, Notice.inAppLink(link) == nil {
            throw CommandFailure("--link must be a path inside the app that starts with one /, such as /tasks.")
        }
        let center = NoticeCenter(database: database, bus: EventBus())
        let notice = try await center.schedule(
            featureID: "cli",
            title: title,
            body: body,
            link: link,
            at: Date().addingTimeInterval(max(0, inSeconds)),
            key: key
        )
        print("Notice \(notice.id ?? 0) will be delivered by the host at \(DisplayDate.dayAndTime(notice.deliverAt)).")
    }

    /// Sends the pushes the delivery queued (to every browser that asked), with the settings the host keeps in the
    /// data directory, trying a push service that is busy again for up to a minute; what is still waiting then, a
    /// host sends when it runs.
    private func push(into database: any DatabaseWriter) async throws {
        guard let settings = try PushSettings.load(in: dataDirectory.directory) else { return }
        let queue = PushQueue(database: database)
        let clients = PinnedClients()
        let sender = try PushSender(
            queue: queue,
            settings: settings,
            features: Registry.features.all.map(\.descriptor),
            clients: clients,
            logger: Logger(label: "atelier.push")
        )
        let end = Date().addingTimeInterval(60)
        do {
            while true {
                let sent = try await sender.sendDue()
                if sent > 0 { print("Pushed it to \(sent) device(s).") }
                guard let next = try await queue.nextDueDate(), next < end else { break }
                try await Task.sleep(for: .milliseconds(Int(max(0.2, next.timeIntervalSinceNow) * 1000)))
            }
        } catch {
            await clients.shutdown()
            throw error
        }
        await clients.shutdown()
    }

    /// Waits for the notice's time (it may move or vanish meanwhile), then delivers it unless someone else did.
    ///
    /// The notice may still be in its feature's outbox (written there in the change's own transaction; a host carries
    /// it into the inbox when it sees the commit, and none may be running): the outboxes are carried first, and again
    /// when it is due, so that a withdrawal left there (a countdown cancelled) counts.
    private func deliver(key: String, center: NoticeCenter, database: any DatabaseWriter) async throws {
        try await carryOutboxes(into: center)
        while true {
            guard let notice = try await center.notice(key: key), notice.deliveredAt == nil else {
                print("Notice \(key) was delivered already or withdrawn; nothing to do.")
                return
            }
            let wait = notice.deliverAt.timeIntervalSinceNow
            if wait <= 0 { break }
            try await Task.sleep(for: .milliseconds(Int((min(wait, 30) * 1000).rounded(.up))))
        }
        try await carryOutboxes(into: center)
        if let delivered = try await center.deliver(key: key) {
            print("Delivered notice \(delivered.id ?? 0): \(delivered.displayTitle)")
            try await push(into: database)
        } else {
            print("Notice \(key) was delivered already or withdrawn; nothing to do.")
        }
    }

    /// Carries every feature database's notice outbox into the inbox.
    private func carryOutboxes(into center: NoticeCenter) async throws {
        for feature in Registry.features.all {
            let path = dataDirectory.directory.databasePath(named: feature.id)
            try await center.publish(fromDatabaseAt: path)
        }
    }
}
