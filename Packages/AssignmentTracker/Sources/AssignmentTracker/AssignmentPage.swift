import Foundation

/// The two sections of the master list.
public enum AssignmentSection: String, Sendable, Hashable, CaseIterable {
    /// Due ahead, or overdue by less than a week and not yet marked: soonest first.
    case current
    /// The rest (due date passed and marked, or more than a week ago): kept with their marks, latest first.
    case archive

    /// How long an unmarked assignment stays in the current list after its due date.
    public static let graceAfterDue: TimeInterval = 7 * 86_400
}

/// A place in a section of the master list: the due date and id of the last assignment a page showed.
public struct AssignmentCursor: Sendable, Hashable {
    /// The due date, in seconds since 1970.
    public let dueAt: Double
    /// The id.
    public let id: Int64

    /// The place of `assignment`.
    public init(_ assignment: Assignment) {
        dueAt = assignment.dueAt.timeIntervalSince1970
        id = assignment.id ?? 0
    }

    /// A place from its parts.
    public init(dueAt: Double, id: Int64) {
        self.dueAt = dueAt
        self.id = id
    }

    /// `1799999999.0_42`: the cursor in a URL.
    public var token: String { "\(dueAt)_\(id)" }

    /// Reads ``token``.
    public init?(token: some StringProtocol) {
        let parts = token.split(separator: "_")
        guard token.utf8.count <= 64, parts.count == 2, let dueAt = Double(parts[0]), dueAt.isFinite, let id = Int64(parts[1])
        else { return nil }
        self.init(dueAt: dueAt, id: id)
    }
}

/// One page of a section.
public struct AssignmentPage: Sendable, Hashable {
    /// The assignments, in the section's order.
    public let assignments: [Assignment]
    /// Where the next page starts, when there is one.
    public let next: AssignmentCursor?
}
