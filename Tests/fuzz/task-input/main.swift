// Fuzz target: what a task takes from people: the date parser (`yyyy-MM-dd` and the CLI's words) and the form check.
//
// The input is split at NUL bytes into a name, a description and a day. A parsed day writes back as the same text
// and survives day arithmetic; the words parser gives a day within the calendar's range. The form check either
// accepts a trimmed, non-empty name without control characters within its limits and a real day, or refuses with
// one sentence per refused field.
import Foundation
import KernelText

let today = TaskDay(year: 2026, month: 11, day: 24)!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let parts = UnsafeBufferPointer(start: data, count: size).split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    let name = parts.first ?? ""
    let details = parts.count > 1 ? parts[1] : ""
    let dayText = parts.count > 2 ? parts[2] : name

    if let day = TaskDay(isoString: dayText) {
        guard day.isoString == dayText else { fatalError("\(dayText.debugDescription) wrote back as \(day.isoString)") }
        guard TaskDay(year: day.year, month: day.month, day: day.day) == day else { fatalError("not a real day: \(day)") }
        guard (1...7).contains(day.weekday) else { fatalError("weekday \(day.weekday)") }
        let step = Int(data[0]) * 1_000 - 128_000
        let moved = day.adding(days: step)
        if moved != .earliest && moved != .latest {
            guard moved.adding(days: -step) == day else { fatalError("\(day) + \(step) - \(step) is \(moved.adding(days: -step))") }
            guard moved.daysSince1970 - day.daysSince1970 == step else { fatalError("\(day) + \(step) is \(moved)") }
        }
        _ = day.displayString
    }
    if let day = TaskDay(words: dayText, today: today) {
        guard day >= .earliest, day <= .latest else { fatalError("\(day) outside the calendar") }
    }

    switch TaskValidation.validate(TaskDraft(name: name, details: details, day: dayText)) {
    case .success(let input):
        guard !input.name.isEmpty, input.name.count <= TaskValidation.maxNameLength,
            !TextInput.hasControlCharacters(input.name),
            input.name.first?.isWhitespace == false, input.name.last?.isWhitespace == false
        else { fatalError("accepted the name \(input.name.debugDescription)") }
        guard input.details.count <= TaskValidation.maxDetailsLength else { fatalError("accepted a long description") }
        // The form trims whole characters that are whitespace, a space carrying combining marks among them (a mark with
        // nothing to stand on is dropped with its space; the fuzzer's first finding, kept in the corpus).
        guard input.day.isoString == dayText.trimmingWhitespaceCharacters() else {
            fatalError("accepted the day \(dayText.debugDescription) as \(input.day)")
        }
    case .failure(let errors):
        guard !errors.fields.isEmpty else { fatalError("refused without a message") }
        for field in errors.fields {
            guard let message = errors[field], message.hasSuffix(".") || message.hasSuffix(").") else {
                fatalError("message \(errors[field].debugDescription)")
            }
        }
    }
    return 0
}

extension String {
    func trimmingWhitespaceCharacters() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
