import Foundation
import GRDB
import Kernel
import KernelEvents
import KernelStorage
import Synchronization
import Testing

@testable import Accounts

/// A migrated accounts database in a SQLite file of its own, removed when the test ends.
struct TemporaryAccounts {
    let directory: URL
    let pool: DatabasePool
    let store: AccountStore

    init(now: @escaping @Sendable () -> Date = { Date() }) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("AccountsTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        pool = try FeatureDatabase.open(
            named: "accounts",
            in: DataDirectory(path: directory.path),
            migrations: FeatureDescriptor.accounts.migrations
        )
        store = AccountStore(writer: pool, now: now)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

@Suite("Stored accounts")
struct AccountStoreTests {
    func withAccounts(_ body: (TemporaryAccounts) async throws -> Void) async throws {
        let accounts = try TemporaryAccounts()
        defer { accounts.remove() }
        try await body(accounts)
    }

    @Test("a database from before sessions noted their last use keeps its sessions, each counted as used at the upgrade")
    func sessionsFromBefore() async throws {
        let database = try DatabaseQueue()
        let migrator = FeatureDescriptor.accounts.migrations.migrator()
        try migrator.migrate(database, upTo: AccountsMigrations.v1)
        let now = Date()
        let day: TimeInterval = 24 * 3600
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO accounts_user (id, email, emailKey, passwordHash, firstName, lastName, mobile, gender, createdAt)
                    VALUES (1, 'ana@example.com', 'ana@example.com', '$2b$10$x', 'Ana', 'Lim', '+60123456789', 'female', 0);
                    """
            )
            for (token, age) in [("yesterday", 1.0), ("three-weeks", 21), ("five-weeks", 35)] {
                let made = now.timeIntervalSince1970 - age * day
                try db.execute(
                    sql: "INSERT INTO accounts_session (token, userID, createdAt, expiresAt) VALUES (?, 1, ?, ?)",
                    arguments: [token, made, made + 30 * day]
                )
            }
        }
        try FeatureDescriptor.accounts.migrations.apply(to: database)
        let store = AccountStore(writer: database)
        #expect(try await store.session("yesterday")?.account.email == "ana@example.com")
        // Made three weeks ago, perhaps used yesterday: its use was never written down, so it is not cut short.
        #expect(try await store.session("three-weeks")?.account.email == "ana@example.com")
        // Past its whole lifetime however it was used.
        #expect(try await store.session("five-weeks") == nil)
    }

    @Test("a password change waiting for its check loses to one made meanwhile, and so does a deletion")
    func staleChange() async throws {
        try await withAccounts { accounts in
            let store = accounts.store
            let before = try await store.signUp(FormValidationTests.good)
            let owner = try await store.startSession(for: before)
            let stranger = try await store.startSession(for: before)
            // The owner changes the password; the stranger's request had read the account (and its hash) before.
            _ = try await store.changePassword(
                of: before,
                current: "secret!word",
                new: "owners!word",
                session: owner,
                throttle: LoginThrottle()
            )
            await #expect(throws: AccountsError.noSuchAccount) {
                try await store.changePassword(
                    of: before,
                    current: "secret!word",
                    new: "taken!over",
                    session: stranger,
                    throttle: LoginThrottle()
                )
            }
            await #expect(throws: AccountsError.noSuchAccount) {
                try await store.deleteAccount(before, password: "secret!word")
            }
            #expect(try await store.authenticate(email: "ana@example.com", password: "owners!word") != nil)
        }
    }

    @Test("sign up stores a bcrypt hash (cost 10 or more), never the password, and logs in with either case of email")
    func signUpAndLogin() async throws {
        try await withAccounts { accounts in
            let account = try await accounts.store.signUp(FormValidationTests.good)
            #expect(account.passwordHash.hasPrefix("$2b$10$") || account.passwordHash.hasPrefix("$2a$10$"))
            let stored = try await accounts.pool.read { db in try String.fetchAll(db, sql: "SELECT passwordHash FROM accounts_user") }
            #expect(stored.count == 1 && !stored[0].contains("secret!word"))
            let file = try Data(contentsOf: accounts.directory.appendingPathComponent("accounts.sqlite"))
            #expect(file.range(of: Data("secret!word".utf8)) == nil)
            #expect(try await accounts.store.authenticate(email: " ANA@example.com", password: "secret!word")?.id == account.id)
            #expect(try await accounts.store.authenticate(email: "ana@example.com", password: "secret!Word") == nil)
            #expect(try await accounts.store.authenticate(email: "bob@example.com", password: "secret!word") == nil)
        }
    }

    @Test("an email already registered, in any case and with spaces, is refused last, as the brief orders")
    func duplicate() async throws {
        try await withAccounts { accounts in
            _ = try await accounts.store.signUp(FormValidationTests.good)
            var again = FormValidationTests.good
            again.email = "  ANA@Example.COM "
            await #expect(throws: SignupForm.Problem(.email, "Email already exists")) { try await accounts.store.signUp(again) }
            again.gender = ""
            await #expect(throws: SignupForm.Problem(.gender, "Please select a gender")) { try await accounts.store.signUp(again) }
            #expect(try await accounts.store.all().count == 1)
        }
    }

    @Test("a session finds its account until it ends; a new one replaces the one the browser had")
    func sessions() async throws {
        try await withAccounts { accounts in
            let account = try await accounts.store.signUp(FormValidationTests.good)
            let first = try await accounts.store.startSession(for: account)
            #expect(try await accounts.store.account(session: first)?.email == "ana@example.com")
            let second = try await accounts.store.startSession(for: account, replacing: first)
            #expect(second != first && second.count >= 43)
            #expect(try await accounts.store.account(session: first) == nil)
            try await accounts.store.endSession(second)
            #expect(try await accounts.store.account(session: second) == nil)
        }
    }

    @Test("a session expires after its lifetime")
    func expiry() async throws {
        let clock = MovingClock()
        let accounts = try TemporaryAccounts(now: { clock.now })
        defer { accounts.remove() }
        let account = try await accounts.store.signUp(FormValidationTests.good)
        let token = try await accounts.store.startSession(for: account)
        clock.advance(AccountStore.sessionLifetime + 1)
        #expect(try await accounts.store.account(session: token) == nil)
    }

    @Test("the number changes with the same rule; deleting needs the password and takes the sessions with it")
    func changeAndDelete() async throws {
        try await withAccounts { accounts in
            let account = try await accounts.store.signUp(FormValidationTests.good)
            let token = try await accounts.store.startSession(for: account)
            await #expect(throws: SignupForm.Problem(.mobile, "Mobile number is not valid")) {
                try await accounts.store.changeMobile(of: account.id!, to: "03-2385 6789")
            }
            let changed = try await accounts.store.changeMobile(of: account.id!, to: "+60 11-1234 5678")
            #expect(changed.mobile == "+601112345678" && changed.mobileNational == "011-1234 5678")
            await #expect(throws: AccountsError.wrongPassword) { try await accounts.store.deleteAccount(changed, password: "nope!nope") }
            #expect(try await accounts.store.all().count == 1)
            try await accounts.store.deleteAccount(changed, password: "secret!word")
            #expect(try await accounts.store.all().isEmpty)
            #expect(try await accounts.store.account(session: token) == nil)
            let sessions = try await accounts.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM accounts_session") }
            #expect(sessions == 0)
        }
    }
}

/// A clock a test moves by hand.
final class MovingClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
}

@Suite("Sessions")
struct SessionTests {
    @Test("another process's deletion ends the session at once: the next lookup finds no account")
    func otherProcess() async throws {
        let accounts = try TemporaryAccounts()
        defer { accounts.remove() }
        let account = try await accounts.store.signUp(FormValidationTests.good)
        let token = try await accounts.store.startSession(for: account)
        #expect(try await accounts.store.account(session: token)?.id == account.id)
        // The CLI (another store on the same file) deletes the account.
        let other = AccountStore(writer: accounts.pool)
        try await other.delete(email: "ana@example.com")
        #expect(try await accounts.store.account(session: token) == nil)
    }
}
