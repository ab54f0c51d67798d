import GRDB

/// A person using the suite: the owner of every row that is somebody's (a task, a download, a countdown, …).
///
/// On a host without sign-in there is one person, ``local``, and every row is theirs. With sign-in on, a person is an
/// account: the account's id is the person's, and the first account made is ``local`` — so the rows written before
/// sign-in was turned on belong to whoever made the first account. A feature's repository is made for one person and
/// reads and writes only their rows.
public struct PersonID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The number stored in the `owner` columns.
    public let rawValue: Int64

    /// The person with id `rawValue`.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// The person of a host without sign-in, and the first account of a host with it: `1`.
    public static let local = PersonID(rawValue: 1)

    /// Nobody: the person of a request that is not signed in, on a host with sign-in. Owns no row.
    public static let nobody = PersonID(rawValue: 0)

    public var description: String { String(rawValue) }
}

extension PersonID: DatabaseValueConvertible {}
