import Foundation
import Kernel

/// Hands countdowns to the operating system's scheduler, so that one reaching zero while the host is not running
/// still notifies: the job runs `atelier notify --due KEY`, which delivers the countdown's notice (inbox and desktop)
/// unless the host delivered it already.
///
/// - `at`: where the `at` command and a running `atd` exist. `at` counts in minutes, so the job is queued for the
///   minute before the end (or at once when that has passed) and `atelier notify` sleeps to the exact second.
///   Cancelling removes the job with `atrm`.
/// - `systemd`: a transient user timer (`systemd-run --user --on-active=…`), where a user manager runs.
/// - `none`: nothing outside the host; the page says the notice comes when Atelier next runs.
public struct CountdownScheduler: Sendable {
    /// Which scheduler.
    public enum Kind: String, Sendable, CaseIterable {
        case at, systemd, none
    }

    /// The scheduler used.
    public let kind: Kind
    /// The `atelier` executable the job runs.
    public let executable: String
    /// The data directory the job delivers into.
    public let dataDirectory: String
    /// The environment the job's desktop notification needs (display and session bus), passed on explicitly: `at`
    /// does not keep `DISPLAY`, and a systemd user unit starts with a bare environment.
    public let desktopEnvironment: [String: String]

    /// The variables passed on to jobs when set.
    public static let desktopVariables = ["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"]

    /// A scheduler of `kind` running `executable` on `dataDirectory`.
    public init(kind: Kind, executable: String, dataDirectory: String, environment: [String: String] = [:]) {
        self.kind = kind
        // A job runs elsewhere (at: the submitter's directory, systemd: the home directory): paths must be absolute.
        self.executable = Self.absolute(executable)
        self.dataDirectory = Self.absolute(dataDirectory)
        self.desktopEnvironment = environment.filter { Self.desktopVariables.contains($0.key) && !$0.value.isEmpty }
    }

    /// The scheduler named by `choice` (`auto`, `at`, `systemd`, `none`; nil means `auto`): `auto` takes `at` when
    /// `atd` runs, else a systemd user timer when a user manager answers, else none.
    public static func choose(
        _ choice: String?,
        executable: String,
        dataDirectory: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CountdownProblem) -> CountdownScheduler {
        let kind: Kind
        switch choice ?? "auto" {
        case "auto":
            kind =
                atdIsRunning() && ExecutableSearch.path(of: "at", environment: environment) != nil
                ? .at : (systemdUserWorks(environment) ? .systemd : .none)
        case let name:
            guard let named = Kind(rawValue: name) else {
                throw CountdownProblem("Unknown scheduler “\(name)”: use auto, at, systemd or none.")
            }
            kind = named
        }
        return CountdownScheduler(kind: kind, executable: executable, dataDirectory: dataDirectory, environment: environment)
    }

    /// The path of the running executable (the `atelier` binary when the host or its CLI runs). When the binary was
    /// replaced while the host runs, the kernel reports the old file as "… (deleted)": the path itself is meant.
    public static var currentExecutable: String {
        var path = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        if path.hasSuffix(" (deleted)") { path.removeLast(" (deleted)".count) }
        return path
    }

    /// `path` made absolute against the current directory.
    static func absolute(_ path: String) -> String {
        guard !path.isEmpty, !path.hasPrefix("/") else { return path }
        return (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    }

    /// What the page and the CLI say about notices while Atelier is not running.
    public var promise: String {
        switch kind {
        case .at, .systemd: "You will be notified even if Atelier is closed: the system keeps the timer."
        case .none:
            "If Atelier is closed when a countdown ends, you will be notified the next time it runs: this computer cannot wake it for you."
        }
    }

    /// Queues the job that delivers the notice stored under `key` at `deadline`. Returns the job's handle (kept to
    /// cancel it), nil for `none`; throws when the scheduler refused it.
    public func schedule(key: String, at deadline: Date, now: Date = Date()) async throws(CountdownProblem) -> String? {
        switch kind {
        case .none:
            return nil
        case .at:
            // In UTC (TZ=UTC0 for at too): a local time may be ambiguous in the hour a clock goes back.
            let output = await Self.run(
                ["at", "-M", "-t", Self.atTime(for: deadline, now: now)],
                input: jobScript(key: key),
                environment: ["TZ": "UTC0"]
            )
            guard output.status == 0, let number = Self.atJobNumber(output.text) else {
                throw CountdownProblem("at refused the job: \(output.text.trimmingCharacters(in: .whitespacesAndNewlines))")
            }
            return "at:\(number)"
        case .systemd:
            let unit = "atelier-\(key)"
            // A calendar time, not a span: a span's clock stops while the machine sleeps.
            var arguments = [
                "systemd-run", "--user", "--quiet", "--collect", "--unit=\(unit)",
                "--on-calendar=\(Self.calendarTime(for: deadline)) UTC", "--timer-property=AccuracySec=1s",
            ]
            for (name, value) in desktopEnvironment.sorted(by: { $0.key < $1.key }) { arguments.append("--setenv=\(name)=\(value)") }
            arguments += [executable, "notify", "--data-dir", dataDirectory, "--due", key]
            let output = await Self.run(arguments, input: nil)
            guard output.status == 0 else {
                throw CountdownProblem("systemd-run refused the timer: \(output.text.trimmingCharacters(in: .whitespacesAndNewlines))")
            }
            return "systemd:\(unit)"
        }
    }

    /// Removes a job queued by ``schedule(key:at:now:)``; a job already run or gone is not an error.
    public func remove(job: String) async {
        if job.hasPrefix("at:") {
            _ = await Self.run(["atrm", String(job.dropFirst(3))], input: nil)
        } else if job.hasPrefix("systemd:") {
            _ = await Self.run(["systemctl", "--user", "stop", String(job.dropFirst(8)) + ".timer"], input: nil)
        }
    }

    /// The shell script `at` runs: the desktop variables, then `atelier notify --due KEY`, its output kept in the
    /// data directory's `countdown-jobs.log`. Every value is single-quoted, so no text can become a command.
    public func jobScript(key: String) -> String {
        var lines: [String] = []
        for (name, value) in desktopEnvironment.sorted(by: { $0.key < $1.key }) {
            lines.append("\(name)=\(ShellWord.quoted(value)); export \(name)")
        }
        let log = (dataDirectory as NSString).appendingPathComponent("countdown-jobs.log")
        lines.append(
            "exec \(ShellWord.quoted(executable)) notify --data-dir \(ShellWord.quoted(dataDirectory)) --due \(ShellWord.quoted(key)) >>\(ShellWord.quoted(log)) 2>&1"
        )
        return lines.joined(separator: "\n") + "\n"
    }

    /// `at -t`'s time (`YYYYMMDDhhmm`, UTC, as at reads it with `TZ=UTC0`): the minute before `deadline`'s, or
    /// `now`'s minute when that has passed.
    public static func atTime(for deadline: Date, now: Date) -> String {
        utc(max(now, deadline.addingTimeInterval(-60)), "yyyyMMddHHmm")
    }

    /// A systemd calendar time for `deadline` (`YYYY-MM-DD HH:MM:SS`, UTC), rounded up to the second.
    static func calendarTime(for deadline: Date) -> String {
        utc(Date(timeIntervalSince1970: deadline.timeIntervalSince1970.rounded(.up)), "yyyy-MM-dd HH:mm:ss")
    }

    private static func utc(_ date: Date, _ format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter.string(from: date)
    }

    /// The job number in `at`'s "job 12 at Tue Nov 24 02:40:00 2026".
    static func atJobNumber(_ output: String) -> Int? {
        for line in output.split(separator: "\n") where line.hasPrefix("job ") {
            if let number = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) { return number }
        }
        return nil
    }

    private static func atdIsRunning() -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return false }
        for entry in entries where entry.allSatisfy(\.isNumber) {
            if let name = try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8),
                name.trimmingCharacters(in: .whitespacesAndNewlines) == "atd"
            {
                return true
            }
        }
        return false
    }

    private static func systemdUserWorks(_ environment: [String: String]) -> Bool {
        guard ExecutableSearch.path(of: "systemd-run", environment: environment) != nil,
            let runtime = environment["XDG_RUNTIME_DIR"]
        else { return false }
        return FileManager.default.fileExists(atPath: runtime + "/systemd/private")
    }

    /// Runs a command (found on PATH) without blocking a thread of the cooperative pool, and returns its exit status
    /// and what it printed (both streams).
    static func run(
        _ arguments: [String],
        input: String?,
        environment: [String: String] = [:]
    ) async -> (status: Int32, text: String) {
        guard let path = ExecutableSearch.path(of: arguments[0]) else {
            return (127, "\(arguments[0]) is not installed")
        }
        return await withCheckedContinuation { continuation in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = Array(arguments.dropFirst())
            // at writes "cd <this directory> || exit" into the job: a directory that is gone by then would stop it.
            process.currentDirectoryURL = URL(fileURLWithPath: "/")
            if !environment.isEmpty {
                process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            let stdin = Pipe()
            process.standardInput = stdin
            process.terminationHandler = { process in
                let data = output.fileHandleForReading.readDataToEndOfFile()
                continuation.resume(returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
            }
            do {
                try process.run()
                if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
                try? stdin.fileHandleForWriting.close()
            } catch {
                continuation.resume(returning: (127, "\(error)"))
            }
        }
    }
}
