import Foundation

/// Finds commands the way a shell does: the first executable file of that name in `PATH`.
public enum ExecutableSearch {
    /// The path of the command `name` in `environment`'s `PATH` (`/usr/bin:/bin` when it has none), or nil.
    public static func path(of name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for directory in directories where !directory.isEmpty {
            let candidate = (directory as NSString).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
