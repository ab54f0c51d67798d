import Foundation

/// Where downloaded files live: a `downloads` folder beside the feature's database file.
public enum DownloadFiles {
    /// The folder for the database at `databasePath`, or a folder under the temporary directory when the
    /// database is in memory.
    public static func directory(forDatabaseAt databasePath: String?) -> String {
        guard let databasePath else {
            return (NSTemporaryDirectory() as NSString).appendingPathComponent("atelier-downloads-\(getpid())")
        }
        return ((databasePath as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
            DownloadIdentity.id
        )
    }
}
