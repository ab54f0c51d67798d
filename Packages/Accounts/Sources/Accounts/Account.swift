import Foundation
import GRDB

/// One registered account. The password is kept only as its bcrypt hash.
public struct Account: Codable, Sendable, Hashable, Identifiable {
    /// The row id, `nil` until stored.
    public var id: Int64?
    /// The email as typed, trimmed.
    public var email: String
    /// The email trimmed and lowercased: unique, what a login is matched on.
    public var emailKey: String
    /// The bcrypt hash of the password.
    public var passwordHash: String
    /// The first name as typed, trimmed (may be empty).
    public var firstName: String
    /// The last name as typed, trimmed (may be empty).
    public var lastName: String
    /// The mobile number in E.164 (`+60123456789`).
    public var mobile: String
    /// The gender chosen at sign-up.
    public var gender: Gender
    /// When the account was made.
    public var createdAt: Date

    /// The number in the national format (`012-345 6789`), or as stored when it cannot be read.
    public var mobileNational: String { MalaysianMobile(stored: mobile)?.national ?? mobile }

    /// "First Last", or the email when both names were left out.
    public var displayName: String {
        let name = [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
        return name.isEmpty ? email : name
    }
}

extension Account: FetchableRecord, MutablePersistableRecord {
    /// `accounts_user`.
    public static let databaseTableName = "accounts_user"

    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .timeIntervalSince1970
    }

    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .timeIntervalSince1970
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension Account {
    /// Which state of the account's changeable details this is (its number: the one thing a person edits), for a
    /// client to send back with a change so that it is refused when the number was changed meanwhile. The number
    /// is folded into a 64-bit FNV-1a hash, so that the `ETag` header does not carry it.
    public var version: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in mobile.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return "\(id ?? 0)-\(String(hash, radix: 16))"
    }
}
