// Fuzz target: the countdown's inputs: the CLI's duration parser, the page's form, and the quoting of the at job's
// shell script.
//
// The input is split at NUL bytes into up to three texts: a duration (also the hours), minutes, and a label (also a
// data directory). An accepted duration lies in 1 s ... 99 h 59 min 59 s and its written form names its parts; a
// refused one says why in a sentence. An accepted form has hours 0-99 and minutes 0-59, not both zero, and a label of
// at most 200 bytes without control characters. A quoted word, read back by the shell's rules for single quotes,
// is the text it quoted.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let texts = Data(bytes: data, count: size).split(separator: 0, omittingEmptySubsequences: false).prefix(3)
        .map { String(decoding: $0, as: UTF8.self) }
    let text = { (index: Int) in index < texts.count ? texts[index] : "" }

    do {
        let duration = try CountdownDuration.parse(text(0))
        guard (1...CountdownDuration.longest).contains(duration.seconds), !duration.description.isEmpty else {
            fatalError("accepted \(duration.seconds) s from \(text(0).debugDescription)")
        }
        guard CountdownDuration.clock(duration.seconds).count <= 8 else { fatalError("clock \(duration.seconds)") }
    } catch {
        guard !error.message.isEmpty, error.message.hasSuffix(".") else { fatalError("message \(error.message)") }
    }

    switch CountdownForm(hours: text(0), minutes: text(1), label: text(2)).validated() {
    case .success(let valid):
        let seconds = valid.duration.seconds
        guard seconds % 60 == 0, seconds >= 60, seconds / 3600 <= 99 else { fatalError("form accepted \(seconds) s") }
        guard valid.label.utf8.count <= CountdownForm.maxLabelBytes,
            !valid.label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { fatalError("label \(valid.label.debugDescription)") }
    case .failure(let problems):
        guard !problems.byField.isEmpty, problems.byField.values.allSatisfy({ $0.hasSuffix(".") }) else {
            fatalError("problems \(problems.byField)")
        }
    }

    let quoted = ShellWord.quoted(text(2))
    guard unquoted(quoted) == text(2) else { fatalError("quoting \(text(2).debugDescription) gave \(quoted)") }
    return 0
}

/// Reads one shell word made of single-quoted parts and backslash-escaped characters, as sh does; nil when it is
/// not one word (an unclosed quote, or any character outside quotes but an escaped one). It reads Unicode scalars, as
/// the shell reads bytes: a combining mark after a quote is not part of the quote.
func unquoted(_ word: String) -> String? {
    var result = String.UnicodeScalarView()
    var inside = false
    var escaped = false
    for character in word.unicodeScalars {
        if inside {
            if character == "'" { inside = false } else { result.append(character) }
        } else if escaped {
            result.append(character)
            escaped = false
        } else if character == "'" {
            inside = true
        } else if character == "\\" {
            escaped = true
        } else {
            return nil
        }
    }
    return inside || escaped ? nil : String(result)
}
