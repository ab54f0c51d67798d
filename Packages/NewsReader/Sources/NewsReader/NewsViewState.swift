import Foundation
import Kernel
import KernelText

/// One story as a screen shows it: the text, and its date in words and for machines.
public struct HeadlineRow: Sendable, Hashable {
    /// The story's id (its address: `/news/<id>`).
    public let id: String
    /// The headline.
    public let headline: String
    /// The introduction.
    public let introduction: String
    /// "1 January 2019".
    public let dateText: String
    /// "2019-01-01".
    public let machineDate: String

    /// The row for `headline`.
    public init(_ headline: Headline) {
        id = headline.id
        self.headline = headline.headline
        introduction = headline.introduction
        dateText = HeadlineDate.text(headline.updated)
        machineDate = HeadlineDate.machineText(headline.updated)
    }
}

/// The line under the list saying how fresh the headlines are, and whether a Retry is offered.
public struct FeedStatusLine: Sendable, Hashable {
    /// What the line says.
    public let text: String
    /// Whether it reports a problem (drawn as a warning, announced to screen readers).
    public let isProblem: Bool

    /// The line for `status`.
    public init(_ status: FeedStatus) {
        let updated = status.lastSuccess.map { "Last updated \(Self.moment($0))." }
        if let failure = status.failureMessage, status.lastFailure != nil {
            isProblem = true
            if status.count == 0 {
                text = "No headlines yet. \(failure) Check the connection, then retry."
            } else {
                text = "Could not refresh. \(failure) \(updated ?? "")".trimmingCharacters(in: .whitespaces)
            }
        } else if let updated {
            isProblem = false
            text = updated
        } else {
            isProblem = false
            text = "No headlines yet. Reload to fetch them."
        }
    }

    /// The moment as a ``Moment`` token: each reader reads it in their own zone and clock, as every time in the host.
    static func moment(_ date: Date) -> String {
        Moment.token(date)
    }
}

/// What the list screen shows: a page of rows, the status line, and where the next page starts.
public struct HeadlineListState: Sendable, Hashable {
    /// The rows, newest first.
    public let rows: [HeadlineRow]
    /// The cursor of the next page, when there is one.
    public let nextCursor: String?
    /// Whether this is the first page (the one that updates live).
    public let isFirstPage: Bool
    /// The status line.
    public let status: FeedStatusLine

    /// The state for rows already made, under the status line `status`.
    public init(rows: [HeadlineRow], nextCursor: String?, status: FeedStatusLine, isFirstPage: Bool) {
        self.rows = rows
        self.nextCursor = nextCursor
        self.isFirstPage = isFirstPage
        self.status = status
    }

    /// The most stories one page shows.
    public static let pageSize = 50
}
