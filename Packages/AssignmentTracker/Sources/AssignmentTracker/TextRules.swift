import Foundation

// The fuzz targets (Scripts/fuzz) compile this file with the Kernel's TextInput.swift into one module.
#if canImport(Kernel)
import Kernel
#endif

/// The rules every text field of Assignments follows: no NUL or other control characters (line breaks and tabs
/// only in notes), and a cap on characters and on UTF-8 bytes, each refused with a sentence that says what to change.
enum TextRules {
    /// A one-line field: trimmed, required, at most `maxCharacters` characters and `maxCharacters × 4` bytes.
    static func line(_ raw: String, label: String, required: String, maxCharacters: Int) -> Result<String, FieldMessage> {
        let text = raw.trimmingWhitespace()
        if text.isEmpty { return .failure(FieldMessage(required)) }
        if TextInput.hasControlCharacters(text) {
            return .failure(FieldMessage("The \(label) can’t contain control characters (such as a line break or NUL)."))
        }
        return capped(text, label: label, maxCharacters: maxCharacters)
    }

    /// Notes: kept as typed less trailing whitespace; line breaks and tabs allowed, other control characters not.
    static func notes(_ raw: String, maxCharacters: Int) -> Result<String, FieldMessage> {
        let text = raw.trimmingTrailingWhitespace()
        let allowed: Set<Unicode.Scalar> = ["\n", "\r", "\t"]
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !allowed.contains($0) }) {
            return .failure(FieldMessage("The notes can’t contain control characters other than line breaks and tabs."))
        }
        return capped(text, label: "notes", maxCharacters: maxCharacters)
    }

    private static func capped(_ text: String, label: String, maxCharacters: Int) -> Result<String, FieldMessage> {
        let characters = text.count
        if characters > maxCharacters {
            return .failure(
                FieldMessage("Keep the \(label) to \(grouped(maxCharacters)) characters (this has \(grouped(characters))).")
            )
        }
        let bytes = text.utf8.count
        if bytes > maxCharacters * 4 {
            return .failure(
                FieldMessage(
                    "The \(label) carries too many accents or symbols to store (\(grouped(bytes)) bytes; the limit is \(grouped(maxCharacters * 4)))."
                )
            )
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
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}

/// One field's refusal: a sentence a person can act on.
public struct FieldMessage: Error, Sendable, Hashable {
    /// The sentence.
    public let text: String

    init(_ text: String) {
        self.text = text
    }
}

extension String {
    func trimmingWhitespace() -> String {
        String(trimmingTrailingWhitespace().drop(while: \.isWhitespace))
    }

    func trimmingTrailingWhitespace() -> String {
        var end = endIndex
        while end > startIndex {
            let previous = index(before: end)
            guard self[previous].isWhitespace else { break }
            end = previous
        }
        return String(self[..<end])
    }
}
