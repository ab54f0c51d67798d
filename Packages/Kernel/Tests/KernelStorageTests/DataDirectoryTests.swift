import Foundation
import GRDB
import KernelStorage
import KernelTestSupport
import Testing

@Suite("Data directory")
struct DataDirectoryTests {
    @Test("defaults to $XDG_DATA_HOME/atelier when it is set")
    func xdgDataHome() {
        let directory = DataDirectory.defaultLocation(environment: ["XDG_DATA_HOME": "/srv/data", "HOME": "/home/ada"])
        #expect(directory.path == "/srv/data/atelier")
    }

    @Test("falls back to ~/.local/share/atelier")
    func homeFallback() {
        #expect(DataDirectory.defaultLocation(environment: ["HOME": "/home/ada"]).path == "/home/ada/.local/share/atelier")
        #expect(
            DataDirectory.defaultLocation(environment: ["XDG_DATA_HOME": "", "HOME": "/home/ada"]).path == "/home/ada/.local/share/atelier"
        )
    }

    @Test("prepare creates missing folders")
    func createsFolders() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let directory = DataDirectory(path: temp.path + "/a/b/c")
        try directory.prepare()
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test("the folder and every database in it are readable by their owner only (0700 and 0600), whatever the umask")
    func privateModes() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let previous = umask(0o022)
        defer { umask(previous) }
        let directory = DataDirectory(path: temp.path + "/data")
        try directory.prepare()
        let pool = try FeatureDatabase.open(named: "notes", in: directory, migrations: FeatureMigrations { _ in })
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (x)") }
        let mode = { (path: String) in
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int).map { $0 & 0o777 }
        }
        #expect(mode(directory.path) == 0o700)
        let file = directory.databasePath(named: "notes")
        #expect(mode(file) == 0o600)
        #expect(mode(file + "-wal") == 0o600)
        #expect(mode(file + "-shm") == 0o600)
        try pool.close()
    }

    @Test("a file in the way fails with a message naming the path and the fix")
    func fileInTheWay() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let blocker = temp.path + "/data"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        let error = #expect(throws: StorageError.self) { try DataDirectory(path: blocker).prepare() }
        #expect(error?.description.contains(blocker) == true)
        #expect(error?.description.contains("--data-dir") == true)
    }

    @Test("a folder that cannot be created fails at once")
    func cannotCreate() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let blocker = temp.path + "/file"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        #expect(throws: StorageError.self) { try DataDirectory(path: blocker + "/inside").prepare() }
    }
}
