import Foundation
import GRDB
import KernelStorage
import NewsReader

/// The last good headlines in the reader's SQLite file, paged by cursor, replaced in one transaction per fetch.
///
/// `position` is a story's place in the newest-first order, so a page is one index range scan whatever the size of
/// the feed, and equal times keep the feed's order. Each replacement returns what it changed, which the Kernel records
/// in the change log, so a host sees a refresh the CLI made.
public struct SQLiteHeadlineStore: HeadlineStore {
    /// The reader's database, migrated by ``NewsMigrations``.
    public let writer: any DatabaseWriter

    /// A store over a migrated database.
    public init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    public func replace(with headlines: [Headline], at date: Date) async throws -> HeadlineChanges {
        try await writer.write(changing: { db in
            // The stored stories in their order: one read gives both what changed and whether the order did.
            var stored: [(id: String, introduction: String)] = []
            let rows = try Row.fetchCursor(db, sql: "SELECT id, introduction FROM news_headline ORDER BY position")
            while let row = try rows.next() {
                stored.append((row["id"], row["introduction"]))
            }
            let changes = HeadlineChanges(from: stored, to: headlines)
            if !changes.isEmpty {
                try db.execute(sql: "DELETE FROM news_headline")
                let insert = try db.makeStatement(
                    sql: "INSERT INTO news_headline (id, headline, updated, introduction, position) VALUES (?, ?, ?, ?, ?)"
                )
                for (position, headline) in headlines.enumerated() {
                    try insert.execute(arguments: [
                        headline.id, headline.headline, headline.updated, headline.introduction, position,
                    ])
                }
            }
            try db.execute(
                sql: "UPDATE news_status SET lastSuccess = ?, lastFailure = NULL, failureMessage = NULL WHERE id = 1",
                arguments: [date.timeIntervalSince1970]
            )
            // Recorded for an unchanged list too: the status line's time of the last update moved (and a line saying
            // the last fetch failed is out of date).
            let change: HeadlinesChanged.Change = changes.isEmpty ? .refreshed : .replaced
            return Changed(changes, change, id: nil)
        })
    }

    public func recordFailure(_ message: String, at date: Date) async throws {
        try await writer.write(changing: { db in
            try db.execute(
                sql: "UPDATE news_status SET lastFailure = ?, failureMessage = ? WHERE id = 1",
                arguments: [date.timeIntervalSince1970, message]
            )
            return Changed((), HeadlinesChanged.Change.failed, id: nil)
        })
    }

    public func status() async throws -> FeedStatus {
        try await writer.read { db in
            let row = try Row.fetchOne(db, sql: "SELECT lastSuccess, lastFailure, failureMessage FROM news_status WHERE id = 1")
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM news_headline") ?? 0
            return FeedStatus(
                lastSuccess: (row?["lastSuccess"] as Double?).map(Date.init(timeIntervalSince1970:)),
                lastFailure: (row?["lastFailure"] as Double?).map(Date.init(timeIntervalSince1970:)),
                failureMessage: row?["failureMessage"],
                count: count
            )
        }
    }

    public func page(after cursor: String?, limit: Int) async throws -> HeadlinePage {
        try await writer.read { db in
            var start = -1
            if let cursor {
                start = try Int.fetchOne(db, sql: "SELECT position FROM news_headline WHERE id = ?", arguments: [cursor]) ?? -1
            }
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, headline, updated, introduction FROM news_headline
                    WHERE position > ? ORDER BY position LIMIT ?
                    """,
                arguments: [start, limit + 1]
            )
            let headlines = rows.prefix(limit).map(Self.headline)
            return HeadlinePage(headlines: headlines, nextCursor: rows.count > limit ? headlines.last?.id : nil)
        }
    }

    public func headline(id: String) async throws -> Headline? {
        try await writer.read { db in
            try Row.fetchOne(
                db,
                sql: "SELECT id, headline, updated, introduction FROM news_headline WHERE id = ?",
                arguments: [id]
            ).map(Self.headline)
        }
    }

    public func all() async throws -> [Headline] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT id, headline, updated, introduction FROM news_headline ORDER BY position")
                .map(Self.headline)
        }
    }

    private static func headline(_ row: Row) -> Headline {
        Headline(id: row["id"], headline: row["headline"], updated: row["updated"], introduction: row["introduction"])
    }
}
