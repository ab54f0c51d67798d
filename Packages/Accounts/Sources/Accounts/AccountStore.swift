import Foundation
import GRDB
import Kernel
import KernelStorage
import Synchronization

/// The accounts and their sessions, in `accounts.sqlite`.
///
/// Every method is one short transaction, awaited; passwords are hashed and checked by ``PasswordHasher`` on its
/// own queue, never inside a transaction. Each change is recorded in the `ChangeLog` in its transaction; the Kernel's
/// change feed posts it as one ``AccountsChanged`` once it has committed.
public struct AccountStore: Sendable {
    /// The database, migrated by ``AccountsMigrations``.
    public let writer: any DatabaseWriter
    /// How passwords are hashed.
    public let hasher: PasswordHasher
    /// How long a session lasts after login, however often it is used.
    public static let sessionLifetime: TimeInterval = 30 * 24 * 3600
    /// How long a session lasts unused: a browser left signed in on a device nobody picks up ends on its own.
    public static let idleLifetime: TimeInterval = 14 * 24 * 3600
    /// How stale a session's last use may be before it is written again: a session in use is written at most this
    /// often, not on every request.
    public static let lastSeenPrecision: TimeInterval = 3600
    private let now: @Sendable () -> Date
    /// A hash no password matches quickly: a login for an unknown email is checked against it, so it takes as long
    /// as one for a known email and the time does not tell which emails have accounts.
    private let decoy: DecoyHash

    /// A store over a migrated database.
    public init(
        writer: any DatabaseWriter,
        hasher: PasswordHasher = PasswordHasher(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.writer = writer
        self.hasher = hasher
        self.now = now
        self.decoy = DecoyHash(hasher: hasher)
    }

    /// Makes an account from a sign-up form: its checks in the brief's order, then "Email already exists" when the
    /// email (trimmed, compared without case) has an account.
    ///
    /// - Throws: ``SignupForm/Problem``, storing nothing.
    public func signUp(_ form: SignupForm, from address: String = "") async throws -> Account {
        let valid = try form.validated()
        let key = EmailAddress.key(valid.email)
        if try await account(emailKey: key) != nil { throw SignupForm.Problem(.email, AccountMessage.emailExists) }
        let hash = await hasher.hash(valid.password, for: address)
        let stamp = now()
        do {
            return try await writer.write(changing: { db in
                var account = Account(
                    email: valid.email,
                    emailKey: key,
                    passwordHash: hash,
                    firstName: valid.firstName,
                    lastName: valid.lastName,
                    mobile: valid.mobile.e164,
                    gender: valid.gender,
                    createdAt: stamp
                )
                try account.insert(db)
                return Changed(account, AccountsChanged.Change.added, id: account.id)
            })
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            // Another sign-up with the same email committed between the check and the insert.
            throw SignupForm.Problem(.email, AccountMessage.emailExists)
        }
    }

    /// The account whose email and password these are, or `nil` (the same for an unknown email and a wrong
    /// password, in about the same time). The password is checked in the turn of `address` (see ``PasswordHasher``).
    public func authenticate(email: String, password: String, from address: String = "") async throws -> Account? {
        guard password.utf8.count <= TextField.maxPasswordBytes else { return nil }
        guard let account = try await account(emailKey: EmailAddress.key(email)) else {
            _ = await hasher.verify(password, hash: await decoy.value, for: address)
            return nil
        }
        return await hasher.verify(password, hash: account.passwordHash, for: address) ? account : nil
    }

    /// The account with this email (trimmed, without case), if any.
    public func account(email: String) async throws -> Account? {
        try await account(emailKey: EmailAddress.key(email))
    }

    private func account(emailKey: String) async throws -> Account? {
        try await writer.read { db in try Account.filter(Column("emailKey") == emailKey).fetchOne(db) }
    }

    /// Every account, oldest first.
    public func all() async throws -> [Account] {
        try await writer.read { db in try Account.order(Column("id")).fetchAll(db) }
    }

    // MARK: Sessions

    /// Starts a session for `account` and returns its token: 32 random bytes, URL-safe base64. Any session the
    /// browser held before is ended (`replacing`), so a token planted before login is worth nothing after it.
    public func startSession(for account: Account, replacing old: String? = nil) async throws -> String {
        let token = Self.newToken()
        let stamp = now()
        try await writer.write(changing: { db in
            var changed = Changed(())
            if let old {
                // The browser's old session ended: what keeps sessions in memory forgets them.
                try db.execute(sql: "DELETE FROM accounts_session WHERE token = ?", arguments: [old])
                if db.changesCount > 0 { changed.record(AccountsChanged.Change.signedOut, id: nil) }
            }
            try db.execute(
                sql: "DELETE FROM accounts_session WHERE expiresAt <= ? OR lastSeenAt <= ?",
                arguments: [stamp.timeIntervalSince1970, stamp.timeIntervalSince1970 - Self.idleLifetime]
            )
            try Self.insertSession(token, userID: account.id ?? 0, at: stamp.timeIntervalSince1970, db)
            return changed
        })
        return token
    }

    /// The account signed in with `token`, or `nil` when the session ended, expired or never was.
    public func account(session token: String) async throws -> Account? {
        try await session(token)?.account
    }

    /// The session `token` with its account, or `nil` when it ended, expired, was left unused for
    /// ``idleLifetime``, or never was: one indexed read.
    public func session(_ token: String) async throws -> AccountSession? {
        let stamp = now().timeIntervalSince1970
        return try await writer.read { db -> AccountSession? in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT accounts_user.*, accounts_session.expiresAt AS sessionExpiresAt,
                        accounts_session.lastSeenAt AS sessionLastSeenAt
                    FROM accounts_session JOIN accounts_user ON accounts_user.id = accounts_session.userID
                    WHERE accounts_session.token = ? AND accounts_session.expiresAt > ? AND accounts_session.lastSeenAt > ?
                    """,
                arguments: [token, stamp, stamp - Self.idleLifetime]
            )
            guard let row else { return nil }
            return AccountSession(
                account: try Account(row: row),
                expiresAt: Date(timeIntervalSince1970: row["sessionExpiresAt"]),
                lastSeenAt: Date(timeIntervalSince1970: row["sessionLastSeenAt"])
            )
        }
    }

    /// Notes that the session `token` was used now (it is not a change anything shows).
    public func sessionUsed(_ token: String) async throws {
        let stamp = now().timeIntervalSince1970
        try await writer.write { db in
            try db.execute(sql: "UPDATE accounts_session SET lastSeenAt = ? WHERE token = ?", arguments: [stamp, token])
        }
    }

    /// Ends every session of account `id` (log out everywhere): every browser and API client signed in as it must sign
    /// in again.
    public func endSessions(of id: Int64) async throws {
        try await writer.write(changing: { db in
            try db.execute(sql: "DELETE FROM accounts_session WHERE userID = ?", arguments: [id])
            return Changed((), AccountsChanged.Change.signedOut, id: nil)
        })
    }

    /// Ends the session `token` on the server (logout): the cookie is worthless from now on.
    public func endSession(_ token: String) async throws {
        try await writer.write(changing: { db in
            try db.execute(sql: "DELETE FROM accounts_session WHERE token = ?", arguments: [token])
            return Changed((), AccountsChanged.Change.signedOut, id: nil)
        })
    }

    // MARK: Changes

    /// Changes the account's mobile number, checked as at sign-up.
    ///
    /// - Parameters:
    ///   - id: The account.
    ///   - raw: The number as typed.
    ///   - version: The ``Account/version`` the change was made from; when given and the stored account is another,
    ///     nothing is changed and ``AccountsError/changed`` is thrown.
    /// - Throws: ``SignupForm/Problem`` (`mobile`) when it is empty or not a Malaysian mobile number.
    @discardableResult
    public func changeMobile(of id: Int64, to raw: String, ifVersion version: String? = nil) async throws -> Account {
        let text = TextField.trimmed(raw)
        if text.isEmpty { throw SignupForm.Problem(.mobile, AccountMessage.completeTheForm) }
        guard let number = MalaysianMobile(text) else { throw SignupForm.Problem(.mobile, AccountMessage.mobileNotValid) }
        let account = try await writer.write(changing: { db -> Changed<Account?> in
            guard var account = try Account.fetchOne(db, key: id) else { return Changed(nil) }
            if let version, version != account.version { throw AccountsError.changed }
            account.mobile = number.e164
            try account.update(db)
            return Changed(account, AccountsChanged.Change.updated, id: id)
        })
        guard let account else { throw AccountsError.noSuchAccount }
        return account
    }

    /// Changes the account's password after checking the current one, and ends every session of the account: whoever
    /// knew the old password is signed out everywhere. Returns a new session for the browser that changed it.
    ///
    /// The change is made only if, when it is written, the password is still the one checked and the session `token`
    /// that asked still stands: a change made meanwhile (by the owner, in another browser) wins over one that was
    /// waiting for its check.
    ///
    /// The current password is checked like a login's, held by `throttle` (an empty one is not a try: neither checked
    /// nor counted); once it is right, a new one that breaks the rule is not a failed try either.
    ///
    /// - Throws: ``AccountsError/noCurrentPassword``, ``AccountsError/tooManyAttempts(seconds:)``,
    ///   ``AccountsError/wrongCurrentPassword`` when `current` is not the account's password,
    ///   ``AccountsError/newPassword(_:)`` when `new` does not follow ``PasswordRule``, and
    ///   ``AccountsError/noSuchAccount`` when the account or the session is gone; nothing is changed.
    public func changePassword(
        of account: Account,
        current: String,
        new: String,
        session token: String,
        throttle: LoginThrottle,
        from address: String = ""
    ) async throws -> String {
        if current.isEmpty { throw AccountsError.noCurrentPassword }
        let tried = now()
        if let wait = throttle.attempt(email: account.email, address: address, now: tried) {
            throw AccountsError.tooManyAttempts(seconds: wait)
        }
        guard current.utf8.count <= TextField.maxPasswordBytes,
            await hasher.verify(current, hash: account.passwordHash, for: address)
        else { throw AccountsError.wrongCurrentPassword }
        throttle.succeeded(email: account.email, address: address, at: tried)
        if new.utf8.count > TextField.maxPasswordBytes {
            throw AccountsError.newPassword("Use at most \(TextField.maxPasswordBytes) bytes for the password")
        }
        guard PasswordRule.isSatisfied(by: new) else { throw AccountsError.newPassword(AccountMessage.signupPasswordRule) }
        let hash = await hasher.hash(new, for: address)
        let renewed = Self.newToken()
        let stamp = now().timeIntervalSince1970
        let id = account.id ?? 0
        let checked = account.passwordHash
        let changed = try await writer.write(changing: { db in
            let asking = try Bool.fetchOne(db, sql: "SELECT 1 FROM accounts_session WHERE token = ?", arguments: [token]) ?? false
            guard asking else { return Changed(false) }
            try db.execute(
                sql: "UPDATE accounts_user SET passwordHash = ? WHERE id = ? AND passwordHash = ?",
                arguments: [hash, id, checked]
            )
            guard db.changesCount > 0 else { return Changed(false) }
            try db.execute(sql: "DELETE FROM accounts_session WHERE userID = ?", arguments: [id])
            try Self.insertSession(renewed, userID: id, at: stamp, db)
            return Changed(true, AccountsChanged.Change.signedOut, id: nil)
        })
        guard changed else { throw AccountsError.noSuchAccount }
        return renewed
    }

    /// Deletes the account after checking its password, with its sessions.
    ///
    /// - Throws: ``AccountsError/wrongPassword`` when `password` is not the account's; nothing is deleted.
    public func deleteAccount(_ account: Account, password: String, from address: String = "") async throws {
        guard await hasher.verify(password, hash: account.passwordHash, for: address) else { throw AccountsError.wrongPassword }
        // Only if the password is still the one checked: one changed meanwhile (by the owner) wins.
        try await delete(id: account.id ?? 0, ifPasswordHash: account.passwordHash)
    }

    /// Deletes the account with `email` (the CLI), with its sessions, and returns it.
    ///
    /// - Throws: ``AccountsError/noSuchEmail(_:)``.
    @discardableResult
    public func delete(email: String) async throws -> Account {
        guard let account = try await account(email: email) else { throw AccountsError.noSuchEmail(email) }
        try await delete(id: account.id ?? 0)
        return account
    }

    private func delete(id: Int64, ifPasswordHash hash: String? = nil) async throws {
        let deleted = try await writer.write(changing: { db in
            if let hash {
                let same = try String.fetchOne(db, sql: "SELECT passwordHash FROM accounts_user WHERE id = ?", arguments: [id]) == hash
                guard same else { return Changed(false) }
            }
            try db.execute(sql: "DELETE FROM accounts_session WHERE userID = ?", arguments: [id])
            _ = try Account.deleteOne(db, key: id)
            return Changed(true, AccountsChanged.Change.deleted, id: id)
        })
        if !deleted { throw AccountsError.noSuchAccount }
    }

    /// Stores a new session `token` of account `userID`, made and last used at `stamp`.
    private static func insertSession(_ token: String, userID: Int64, at stamp: TimeInterval, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO accounts_session (token, userID, createdAt, expiresAt, lastSeenAt) VALUES (?, ?, ?, ?, ?)",
            arguments: [token, userID, stamp, stamp + sessionLifetime, stamp]
        )
    }

    private static func newToken() -> String {
        Base64URL.randomToken(byteCount: 32)
    }
}

/// The decoy hash, made once on first use (hashing takes tens of milliseconds, so not when a store is made).
private final class DecoyHash: Sendable {
    private let hasher: PasswordHasher
    private let task = Mutex<Task<String, Never>?>(nil)

    init(hasher: PasswordHasher) {
        self.hasher = hasher
    }

    var value: String {
        get async {
            let hasher = self.hasher
            let task = task.withLock { task in
                if let task { return task }
                let made = Task { await hasher.hash("decoy \(UInt64.random(in: 0...UInt64.max))") }
                task = made
                return made
            }
            return await task.value
        }
    }
}

/// The ways an action on an account can fail, each with a message a person can read.
public enum AccountsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The account is gone (deleted in another window or by the CLI).
    case noSuchAccount
    /// No account has this email (the CLI).
    case noSuchEmail(String)
    /// The password typed to confirm a deletion was wrong.
    case wrongPassword
    /// The current password typed to change it was wrong.
    case wrongCurrentPassword
    /// No current password was typed to change it.
    case noCurrentPassword
    /// The new password does not follow the rule: why.
    case newPassword(String)
    /// Too many wrong passwords for this account or from this address: wait this long.
    case tooManyAttempts(seconds: Int)
    /// The account changed since the version a change was made from.
    case changed

    /// Whether this is the throttle holding tries back (HTTP 429) rather than a wrong answer.
    public var isThrottled: Bool {
        if case .tooManyAttempts = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .noSuchAccount: "That account no longer exists."
        case .noSuchEmail(let email): "No account has the email \(email)."
        case .wrongPassword: AccountMessage.wrongConfirmation
        case .wrongCurrentPassword: AccountMessage.wrongCurrentPassword
        case .noCurrentPassword: AccountMessage.typeCurrentPassword
        case .newPassword(let problem): problem
        case .tooManyAttempts(let seconds): AccountMessage.tryAgain(in: seconds)
        case .changed: "The number was changed in another window since you opened it. Nothing was saved: look again."
        }
    }
}

/// A session and its account, as read from the database.
public struct AccountSession: Sendable, Hashable {
    /// The account signed in.
    public let account: Account
    /// When the session ends, however often it is used.
    public let expiresAt: Date
    /// When the session was last used, to within ``AccountStore/lastSeenPrecision``.
    public let lastSeenAt: Date

    /// A session of `account` ending at `expiresAt`, last used at `lastSeenAt`.
    public init(account: Account, expiresAt: Date, lastSeenAt: Date) {
        self.account = account
        self.expiresAt = expiresAt
        self.lastSeenAt = lastSeenAt
    }
}
