import Foundation

/// The folder where Atelier keeps its databases: one SQLite file per feature plus the kernel's own.
///
/// The default follows the XDG base-directory convention: `$XDG_DATA_HOME/atelier`, else `~/.local/share/atelier`.
public struct DataDirectory: Sendable, Hashable, CustomStringConvertible {
    /// The absolute path of the folder.
    public let path: String

    /// A data directory at `path` (a leading `~` is expanded).
    public init(path: String) {
        self.path = (path as NSString).expandingTildeInPath
    }

    /// The default location for this user, taken from `environment`.
    public static func defaultLocation(environment: [String: String] = ProcessInfo.processInfo.environment) -> DataDirectory {
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return DataDirectory(path: (xdg as NSString).appendingPathComponent("atelier"))
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return DataDirectory(path: (home as NSString).appendingPathComponent(".local/share/atelier"))
    }

    public var description: String { path }

    /// The path of the database file named `name` inside this folder.
    public func databasePath(named name: String) -> String {
        (path as NSString).appendingPathComponent("\(name).sqlite")
    }

    /// Creates the folder if needed (readable by its owner only) and proves it is writable, so that a bad location fails at start-up with a
    /// message a person can act on instead of failing later on the first save.
    public func prepare() throws(StorageError) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if !isDirectory.boolValue {
                throw .dataDirectoryUnusable(path: path, reason: "a file with that name is in the way")
            }
        } else {
            do {
                // Only its owner may look inside: tasks, accounts and downloads are private.
                try manager.createDirectory(
                    atPath: path,
                    withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700]
                )
            } catch {
                throw .dataDirectoryUnusable(path: path, reason: "it could not be created (\(Self.reason(error)))")
            }
        }
        let probe = (path as NSString).appendingPathComponent(".write-check-\(getpid())")
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        var failure = descriptor < 0 ? errno : 0
        if descriptor >= 0 {
            if write(descriptor, "ok", 2) != 2 { failure = errno }
            close(descriptor)
            unlink(probe)
        }
        // A full disk is no reason to refuse the folder: what is saved can still be read, and each write says the
        // disk is full until space is freed.
        guard failure == 0 || failure == ENOSPC || failure == EDQUOT else {
            throw .dataDirectoryUnusable(path: path, reason: "it is not writable")
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain, let message = strerror(Int32(underlying.code))
        {
            return String(cString: message).lowercased()
        }
        return nsError.localizedDescription
    }
}
