import Foundation
import KernelStorage

/// A fresh folder under the system's temporary directory, for tests that need real files.
public struct TemporaryDirectory: Sendable {
    /// The folder's path.
    public let path: String

    /// Creates a new, empty folder.
    public init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("atelier-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The folder as a data directory.
    public var dataDirectory: DataDirectory { DataDirectory(path: path) }

    /// Deletes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
