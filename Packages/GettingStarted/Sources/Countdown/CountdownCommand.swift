import ArgumentParser
import Foundation
import Kernel
import KernelEvents
import KernelText

/// `atelier countdown start|list|cancel`: countdowns from the command line, in the same list as the page's. A
/// countdown started with no host running is handed to the system's scheduler in the same way, so it still notifies.
public struct CountdownCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "countdown",
        abstract: "Start, list and cancel countdowns that notify when they reach zero.",
        subcommands: [Start.self, List.self, Cancel.self]
    )

    public init() {}

    /// The options every subcommand shares.
    public struct Options: ParsableArguments {
        @Option(help: "How to notify while Atelier is not running: auto (default), at, systemd or none.")
        var scheduler: String?

        @OptionGroup var data: DataDirectoryOptions

        public init() {}

        func store() throws -> CountdownStore {
            let database = try data.openDatabase(
                featureID: FeatureDescriptor.countdown.id,
                migrations: FeatureDescriptor.countdown.migrations
            )
            let kernel = try data.openDatabase(featureID: "kernel", migrations: NoticeCenter.migrations)
            let bus = EventBus()
            let chosen: CountdownScheduler
            do {
                chosen = try CountdownScheduler.choose(
                    scheduler,
                    executable: CountdownScheduler.currentExecutable,
                    dataDirectory: data.directory.path
                )
            } catch let problem as CountdownProblem {
                throw CommandFailure(problem.message)
            }
            return CountdownStore(database: database, notices: NoticeCenter(database: kernel, bus: bus), scheduler: chosen)
        }
    }

    /// `atelier countdown start DURATION [--label L]`.
    public struct Start: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Start a countdown, e.g. 25m, 1h30m or 45s.",
            discussion: "Durations are hours, minutes and seconds, each a number followed by h, m or s, in that order."
        )

        @Argument(help: "How long: 1h30m, 25m, 45s.") var duration: String
        @Option(help: "What the countdown is for.") var label: String = ""
        @OptionGroup var options: Options

        public init() {}

        public func run() async throws {
            let parsed: CountdownDuration
            do { parsed = try CountdownDuration.parse(duration) } catch { throw CommandFailure(error.message) }
            let label = CountdownForm.trimmedLabel(label)
            if let problem = CountdownForm.labelProblem(label) { throw CommandFailure(problem) }
            let store = try options.store()
            let started = try await store.start(parsed, label: label)
            let countdown = started.countdown
            print("Countdown \(countdown.id ?? 0) started: \(countdown.title), ends \(Moment.words(ClockTime.when(countdown.deadline))).")
            if let problem = started.schedulerProblem {
                print("The system’s scheduler did not take it (\(problem)); you will be notified the next time it runs.")
            } else {
                print(store.scheduler.promise)
            }
        }
    }

    /// `atelier countdown list [--json]`.
    public struct List: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(abstract: "List countdowns, running ones first.")

        @Flag(help: "Print JSON instead of lines.") var json = false
        @OptionGroup var options: Options

        public init() {}

        struct Entry: Encodable {
            let id: Int64
            let label: String
            let seconds: Int
            let deadline: Date
            let secondsLeft: Int
            let finished: Bool
            let notified: Bool
            let late: Bool
            let job: String?
        }

        public func run() async throws {
            let rows = try await options.store().list().rows
            if json {
                let entries = rows.map { row in
                    Entry(
                        id: row.countdown.id ?? 0,
                        label: row.countdown.label,
                        seconds: row.countdown.seconds,
                        deadline: row.countdown.deadline,
                        secondsLeft: row.secondsLeft,
                        finished: row.isFinished,
                        notified: row.deliveredAt != nil,
                        late: row.late,
                        job: row.countdown.job
                    )
                }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                encoder.dateEncodingStrategy = .iso8601
                print(String(decoding: try encoder.encode(entries), as: UTF8.self))
                return
            }
            if rows.isEmpty { print("No countdowns.") }
            for row in rows {
                let state =
                    row.isFinished
                    ? (row.deliveredAt == nil ? "finished, not yet notified" : (row.late ? "finished, notified late" : "finished"))
                    : "\(CountdownDuration.clock(row.secondsLeft)) left, ends \(Moment.words(ClockTime.when(row.countdown.deadline)))"
                print("\(row.countdown.id ?? 0)  \(row.countdown.title.terminalSafe)  \(state)")
            }
        }
    }

    /// `atelier countdown cancel ID`.
    public struct Cancel: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(abstract: "Cancel a countdown (and its scheduled job).")

        @Argument(help: "The countdown's number, as `list` shows it.") var id: Int64
        @OptionGroup var options: Options

        public init() {}

        public func run() async throws {
            guard let removed = try await options.store().cancel(id: id) else {
                throw CommandFailure("There is no countdown \(id).")
            }
            print("Cancelled countdown \(id): \(removed.title.terminalSafe).")
        }
    }
}
