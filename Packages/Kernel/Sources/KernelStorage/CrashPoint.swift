#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The moments between the steps of a change that spans more than one commit (a countdown: its row and notice, the
/// operating system's job, the job's id; a change committed and not yet told; a notice carried into the inbox and
/// not yet out of its outbox), where a durability test has the process killed with SIGKILL, to prove that whoever
/// comes next finishes what was left.
///
/// Inert unless the environment variable `ATELIER_KILL_AT` names the point; nothing else reads it.
public enum CrashPoint {
    /// The point named in `ATELIER_KILL_AT`, read once.
    private static let armed: String? = getenv("ATELIER_KILL_AT").map { String(cString: $0) }

    /// Kills this process at once, as a power cut or `kill -9` would, when `name` is the armed point.
    public static func reached(_ name: String) {
        guard let armed, armed == name else { return }
        kill(getpid(), SIGKILL)
    }
}
