import Foundation
import KernelText

/// The page's form as typed: hours (0–99), minutes (0–59) and an optional label.
public struct CountdownForm: Sendable, Hashable {
    public var hours: String
    public var minutes: String
    public var label: String

    /// The most bytes a label may take (UTF-8).
    public static let maxLabelBytes = 200

    /// The fields, in the order the page shows them.
    public enum Field: String, Sendable, CaseIterable {
        case hours, minutes, label
    }

    /// What was checked and accepted: the length and the label (trimmed).
    public struct Valid: Sendable, Hashable {
        public let duration: CountdownDuration
        public let label: String
    }

    /// A form holding what was typed.
    public init(hours: String = "", minutes: String = "", label: String = "") {
        self.hours = hours
        self.minutes = minutes
        self.label = label
    }

    /// The countdown this form asks for, or a message per field that needs one. An empty hours or minutes field
    /// counts as 0; both zero is refused.
    public func validated() -> Result<Valid, FormProblems> {
        var problems: [Field: String] = [:]
        let hours = Self.number(hours, field: "hours", range: 0...99, problems: &problems[.hours])
        let minutes = Self.number(minutes, field: "minutes", range: 0...59, problems: &problems[.minutes])
        let label = Self.trimmedLabel(self.label)
        problems[.label] = Self.labelProblem(label)
        if problems[.hours] == nil, problems[.minutes] == nil, let hours, let minutes, hours == 0, minutes == 0 {
            problems[.minutes] = "Set at least one minute."
        }
        guard problems.isEmpty, let hours, let minutes,
            let duration = CountdownDuration(seconds: hours * 3600 + minutes * 60)
        else { return .failure(FormProblems(byField: problems)) }
        return .success(Valid(duration: duration, label: label))
    }

    /// A label as kept: without the spaces around it.
    public static func trimmedLabel(_ label: String) -> String { label.trimmingCharacters(in: .whitespaces) }

    /// What is wrong with a (trimmed) label, or nil: the page and the CLI give the same messages.
    public static func labelProblem(_ label: String) -> String? {
        if TextInput.hasControlCharacters(label) { return "The label can’t contain control characters." }
        if label.utf8.count > maxLabelBytes { return "Use at most \(maxLabelBytes) bytes for the label." }
        return nil
    }

    private static func number(_ text: String, field: String, range: ClosedRange<Int>, problems: inout String?) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return 0 }
        guard trimmed.utf8.count <= 4, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(trimmed) else {
            problems = "Enter the \(field) as a whole number from \(range.lowerBound) to \(range.upperBound)."
            return nil
        }
        guard range.contains(value) else {
            problems = "Enter \(field) from \(range.lowerBound) to \(range.upperBound)."
            return nil
        }
        return value
    }

    /// A message per field that needs one.
    public struct FormProblems: Error, Sendable, Hashable {
        public let byField: [Field: String]
    }
}
