import Foundation
import KernelText

/// The rules every text field of Assignments follows: the Kernel's ``TextInput`` rules, plus the numbers Assignments
/// reads (whole numbers, amounts).
enum TextRules {
    /// A one-line field: trimmed, required, and within the Kernel's ``TextInput`` rules for `maxCharacters`.
    static func line(_ raw: String, label: String, required: String, maxCharacters: Int) -> Result<String, FieldMessage> {
        let text = raw.trimmingWhitespace()
        if text.isEmpty { return .failure(FieldMessage(required)) }
        if let problem = TextInput.lineProblem(text, label: label, maxCharacters: maxCharacters) {
            return .failure(FieldMessage(problem))
        }
        return .success(text)
    }

    /// Notes: kept as typed less trailing whitespace; line breaks and tabs allowed, other control characters not.
    static func notes(_ raw: String, maxCharacters: Int) -> Result<String, FieldMessage> {
        let text = raw.trimmingTrailingWhitespace()
        if let problem = TextInput.notesProblem(text, label: "notes", maxCharacters: maxCharacters) {
            return .failure(FieldMessage(problem))
        }
        return .success(text)
    }

    /// A whole number in `range`, allowing a trailing `%` and surrounding spaces.
    static func wholeNumber(_ raw: String, in range: ClosedRange<Int>, allowPercentSign: Bool = true) -> Int? {
        var text = Substring(raw.trimmingWhitespace())
        if allowPercentSign, text.hasSuffix("%") { text = Substring(String(text.dropLast()).trimmingWhitespace()) }
        guard !text.isEmpty, text.count <= 6, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text) else {
            return nil
        }
        return range.contains(value) ? value : nil
    }

    /// A positive amount with at most two decimals, up to `maximum`.
    static func amount(_ raw: String, maximum: Double) -> Double? {
        let text = raw.trimmingWhitespace()
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !text.isEmpty, text.count <= 12, parts.count <= 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), !parts[0].isEmpty,
            parts.count == 1 || (1...2).contains(parts[1].count),
            let value = Double(text), value > 0, value <= maximum
        else { return nil }
        return value
    }

    /// `2,345`, the same on every platform.
    static func grouped(_ value: Int) -> String { TextInput.grouped(value) }
}

/// One field's refusal: a sentence a person can act on.
public struct FieldMessage: Error, Sendable, Hashable {
    /// The sentence.
    public let text: String

    init(_ text: String) {
        self.text = text
    }
}
