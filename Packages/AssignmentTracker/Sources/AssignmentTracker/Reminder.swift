import Foundation
import KernelText

/// When to be reminded of an assignment or a task: never, a lead time before its due date, or at a set time.
public enum Reminder: Sendable, Hashable {
    /// No reminder.
    case off
    /// A lead time before the due date, in minutes (at least 1).
    case before(minutes: Int)
    /// At a set moment.
    case at(Date)

    /// The moment the reminder fires for something due at `due`; nil when it is off, or a lead time with no due date.
    public func fireDate(due: Date?) -> Date? {
        switch self {
        case .off: nil
        case .before(let minutes): due.map { $0.addingTimeInterval(-Double(minutes) * 60) }
        case .at(let date): date
        }
    }

    /// The kind as stored and as a form's choice: `off`, `before` or `at`.
    public var kind: String {
        switch self {
        case .off: "off"
        case .before: "before"
        case .at: "at"
        }
    }

    /// The lead time in the largest whole unit: `(2, "days")` for 2,880 minutes; nil unless a lead time.
    public var leadTime: (amount: Int, unit: String)? {
        guard case .before(let minutes) = self else { return nil }
        if minutes % 1_440 == 0 { return (minutes / 1_440, "days") }
        if minutes % 60 == 0 { return (minutes / 60, "hours") }
        return (minutes, "minutes")
    }

    /// A short description: `off`, `2 days before`, `at ⟦…⟧` (its moment a `Moment` token, in each reader's words).
    public var summary: String {
        switch self {
        case .off:
            return "off"
        case .before:
            let lead = leadTime!
            let unit = lead.amount == 1 ? String(lead.unit.dropLast()) : lead.unit
            return "\(lead.amount) \(unit) before"
        case .at(let date):
            return "at " + Moment.token(date)
        }
    }

    /// Rebuilds a stored reminder from its columns; anything inconsistent reads as `off`.
    init(kind: String?, minutes: Int?, at date: Date?) {
        switch kind {
        case "before": self = minutes.map { .before(minutes: $0) } ?? .off
        case "at": self = date.map { .at($0) } ?? .off
        default: self = .off
        }
    }

    var minutes: Int? {
        if case .before(let minutes) = self { return minutes }
        return nil
    }

    var date: Date? {
        if case .at(let date) = self { return date }
        return nil
    }
}

/// How long a task is expected to take, as the person gave it: until an end date, a number of hours or of days, or
/// not said.
public enum TaskLength: Sendable, Hashable {
    /// Not given: the task weighs one day in its assignment's progress.
    case unknown
    /// Until this moment (after the task's start).
    case until(Date)
    /// This many hours (more than 0, up to two decimals).
    case hours(Double)
    /// This many days (more than 0, up to two decimals).
    case days(Double)

    /// The planned length in whole seconds, for a task starting at `start`; nil when unknown.
    public func seconds(from start: Date) -> Int64? {
        switch self {
        case .unknown: nil
        case .until(let end): Int64(max(0, end.timeIntervalSince(start)).rounded())
        case .hours(let hours): Int64((hours * 3_600).rounded())
        case .days(let days): Int64((days * 86_400).rounded())
        }
    }

    /// The kind as stored and as a form's choice: `none`, `end`, `hours` or `days`.
    public var kind: String {
        switch self {
        case .unknown: "none"
        case .until: "end"
        case .hours: "hours"
        case .days: "days"
        }
    }

    /// The amount of hours or days, written as typed (`1.5`, `3`); nil for the other kinds.
    public var amountText: String? {
        switch self {
        case .hours(let amount), .days(let amount): TaskLength.text(amount)
        default: nil
        }
    }

    /// `3 days`, `1.5 hours`, `until ⟦…⟧` (a `Moment` token), `not given`.
    public var summary: String {
        switch self {
        case .unknown: "not given"
        case .until(let end): "until " + Moment.token(end)
        case .hours(let amount): "\(TaskLength.text(amount)) \(amount == 1 ? "hour" : "hours")"
        case .days(let amount): "\(TaskLength.text(amount)) \(amount == 1 ? "day" : "days")"
        }
    }

    init(kind: String?, end: Date?, amount: Double?) {
        switch kind {
        case "end": self = end.map { .until($0) } ?? .unknown
        case "hours": self = amount.map { .hours($0) } ?? .unknown
        case "days": self = amount.map { .days($0) } ?? .unknown
        default: self = .unknown
        }
    }

    var end: Date? {
        if case .until(let end) = self { return end }
        return nil
    }

    var amount: Double? {
        switch self {
        case .hours(let amount), .days(let amount): amount
        default: nil
        }
    }

    /// `1.5`, `3`, `0.25`: at most two decimals, no trailing zeros.
    static func text(_ amount: Double) -> String {
        let hundredths = Int((amount * 100).rounded())
        let whole = hundredths / 100
        let fraction = hundredths % 100
        if fraction == 0 { return String(whole) }
        let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
        return "\(whole).\(digits)"
    }
}
