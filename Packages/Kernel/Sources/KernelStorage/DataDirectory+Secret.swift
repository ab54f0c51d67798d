import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension DataDirectory {
    /// The random secret kept in the file `name` inside this folder (readable by its owner only), made on first use.
    ///
    /// Every process that uses the folder gets the same bytes, so something signed by one host is accepted by the next
    /// after a restart. Two processes starting at once agree too: each writes its candidate to a draft file of its own
    /// and links it into place, which fails for the second, which then reads the first one's. (Where the file system
    /// has no hard links, the draft is renamed into place instead, and the last of two simultaneous first starts wins.)
    /// A secret cut short (a full disk) is replaced.
    ///
    /// - Throws: ``StorageError/dataDirectoryUnusable(path:reason:)`` when the file can be neither read nor made.
    public func secret(named name: String, byteCount: Int = 32) throws(StorageError) -> [UInt8] {
        let file = (path as NSString).appendingPathComponent(name)
        for _ in 0..<3 {
            let existing = Self.read(file)
            if let existing, existing.count == byteCount { return existing }
            var generator = SystemRandomNumberGenerator()
            let fresh = (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let draft = "\(file).\(getpid()).\(UInt64.random(in: .min ... .max, using: &generator)).new"
            defer { unlink(draft) }
            guard Self.store(fresh, in: draft) else {
                throw .dataDirectoryUnusable(path: path, reason: "its secret \(name) could not be written")
            }
            if existing == nil {
                if link(draft, file) == 0 { return fresh }
                if errno == EEXIST { continue }  // Another process made it first: read theirs.
            }
            // A damaged secret, or a file system without hard links: replace the file in one step.
            if rename(draft, file) == 0 { return fresh }
        }
        throw .dataDirectoryUnusable(path: path, reason: "its secret \(name) could not be read")
    }

    private static func read(_ file: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file).map { Array($0) }
    }

    /// Writes `bytes` to a new file (never an existing one), synced to disk.
    private static func store(_ bytes: [UInt8], in file: String) -> Bool {
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        return written == bytes.count && fsync(descriptor) == 0
    }
}
