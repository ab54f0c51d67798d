import Foundation
import KernelText

/// Shows notices on the desktop with `notify-send`, when a desktop session and the command are there.
public struct DesktopNotifier: Sendable {
    /// The `notify-send` executable used.
    public let executable: String

    /// A notifier when `environment` has a desktop session (`DISPLAY` or `WAYLAND_DISPLAY`) and `notify-send` is
    /// installed; nil otherwise, so headless hosts skip it silently.
    public static func ifAvailable(environment: [String: String] = ProcessInfo.processInfo.environment) -> DesktopNotifier? {
        let hasDesktop = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        guard hasDesktop else { return nil }
        return ExecutableSearch.path(of: "notify-send", environment: environment).map(DesktopNotifier.init(executable:))
    }

    /// Shows one notification; failures are ignored (the inbox still has the notice).
    public func show(title: String, body: String) {
        try? process(title: title, body: body).run()
    }

    /// Shows one notification and returns once `notify-send` has handed it over (a short-lived process, such as
    /// an operating-system job, must not end before that); failures are ignored.
    public func showAndWait(title: String, body: String) async {
        let process = process(title: title, body: body)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            process.terminationHandler = { _ in continuation.resume() }
            do { try process.run() } catch { continuation.resume() }
        }
    }

    private func process(title: String, body: String) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // "--": a title or body starting with "-" is text, not an option.
        process.arguments = ["--app-name=Atelier", "--", Moment.words(title), Moment.words(body)]
        return process
    }
}
