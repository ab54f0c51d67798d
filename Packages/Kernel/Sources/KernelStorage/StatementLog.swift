import Foundation
import GRDB

/// A line for every SQL statement any Atelier database runs, appended to the file named by the environment variable
/// `ATELIER_STATEMENT_LOG`: what `Scripts/bench-person` counts to say how often an idle host reads its databases.
/// Off (and free) unless the variable is set.
final class StatementLog: @unchecked Sendable {
    /// The log the environment asks for, if any.
    static let shared: StatementLog? = ProcessInfo.processInfo.environment["ATELIER_STATEMENT_LOG"].flatMap(StatementLog.init)

    private let lock = NSLock()
    private let file: FileHandle

    private init?(path: String) {
        FileManager.default.createFile(atPath: path, contents: nil)
        guard let file = FileHandle(forWritingAtPath: path) else { return nil }
        file.seekToEndOfFile()
        self.file = file
    }

    /// Logs every statement `configuration`'s connections run, prefixed with `name` (the database's).
    static func attach(to configuration: inout Configuration, name: String) {
        guard let log = shared else { return }
        configuration.prepareDatabase { db in
            db.trace(options: .statement) { event in log.write("\(name)\t\(event)") }
        }
    }

    private func write(_ line: String) {
        let data = Data((line.replacingOccurrences(of: "\n", with: " ") + "\n").utf8)
        lock.withLock { file.write(data) }
    }
}
