import Foundation
import GRDB
import Synchronization

/// What a browser had open in Assignments (NF3): the selected assignment, whether the archive was open and how far
/// the master list was scrolled. Kept in the feature's database per browser, so it survives closing the tab and
/// restarting the host.
public struct ViewState: Sendable, Hashable {
    /// The selected assignment.
    public var selected: Int64?
    /// Whether the archive section is open.
    public var archiveOpen: Bool
    /// The master list's scroll position, in CSS pixels.
    public var scroll: Int

    /// A state; the default is nothing selected, archive closed, at the top.
    public init(selected: Int64? = nil, archiveOpen: Bool = false, scroll: Int = 0) {
        self.selected = selected
        self.archiveOpen = archiveOpen
        self.scroll = scroll
    }
}

/// Reads and writes ``ViewState`` per browser. Browsers are named by a random token the pages set in a cookie.
/// The table keeps at most ``limit`` browsers: the least recently seen go first.
public struct ViewStateStore: Sendable {
    /// The database holding `assignments_view_state`.
    public let writer: any DatabaseWriter
    private let now: @Sendable () -> Date
    /// What this process read or wrote, so a page does not read the database for it on every request. (Only this
    /// process writes a browser's state: its pages are the only ones that change it.)
    private let remembered = Remembered()

    private final class Remembered: Sendable {
        let states = Mutex<[String: ViewState]>([:])
    }

    /// The most browsers remembered.
    public static let limit = 10_000

    /// A store over a migrated database.
    public init(writer: any DatabaseWriter, now: @escaping @Sendable () -> Date = { Date() }) {
        self.writer = writer
        self.now = now
    }

    /// Whether `token` has the form the pages give browsers: 32 lowercase hexadecimal digits.
    public static func isValid(_ token: String) -> Bool {
        token.utf8.count == 32 && token.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The state of `browser`, or the default.
    public func state(of browser: String) async throws -> ViewState {
        if let state = remembered.states.withLock({ $0[browser] }) { return state }
        let state = try await writer.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM assignments_view_state WHERE browser = ?", arguments: [browser])
            else { return ViewState() }
            return ViewState(selected: row["selected"], archiveOpen: row["archiveOpen"], scroll: row["scroll"])
        }
        remember(browser, state)
        return state
    }

    private func remember(_ browser: String, _ state: ViewState) {
        remembered.states.withLock { states in
            if states.count >= Self.limit { states.removeAll(keepingCapacity: true) }
            states[browser] = state
        }
    }

    /// Changes the state of `browser` with `change`, and forgets the least recently seen browsers past ``limit``.
    public func update(_ browser: String, _ change: @escaping @Sendable (inout ViewState) -> Void) async throws {
        let stamp = now().timeIntervalSince1970
        let stored = try await writer.write { db -> ViewState in
            var state = ViewState()
            if let row = try Row.fetchOne(db, sql: "SELECT * FROM assignments_view_state WHERE browser = ?", arguments: [browser]) {
                state = ViewState(selected: row["selected"], archiveOpen: row["archiveOpen"], scroll: row["scroll"])
            }
            change(&state)
            state.scroll = max(0, min(state.scroll, 10_000_000))
            try db.execute(
                sql: """
                    INSERT INTO assignments_view_state (browser, selected, archiveOpen, scroll, updatedAt) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (browser) DO UPDATE SET selected = excluded.selected, archiveOpen = excluded.archiveOpen,
                        scroll = excluded.scroll, updatedAt = excluded.updatedAt
                    """,
                arguments: [browser, state.selected, state.archiveOpen, state.scroll, stamp]
            )
            if db.lastInsertedRowID % 100 == 0 {
                try db.execute(
                    sql: """
                        DELETE FROM assignments_view_state WHERE browser IN (
                            SELECT browser FROM assignments_view_state ORDER BY updatedAt DESC LIMIT -1 OFFSET ?)
                        """,
                    arguments: [Self.limit]
                )
            }
            return state
        }
        remember(browser, stored)
    }
}
