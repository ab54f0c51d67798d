// Fuzz target: the form-body decoder (`FormData`, which reads every form POST's CSRF field and many forms).
//
// Two properties. Any bytes, read as a body, decode without a crash, and the decoded fields, encoded again the way a
// browser does, decode to the same fields. And the input, split at NUL bytes into names and values and encoded the
// way a browser does, decodes to exactly those names and values, in order.
import Foundation

/// What a browser leaves unescaped in `application/x-www-form-urlencoded`, with a space written as `+`.
let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789*-._ ")

func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved)!.replacingOccurrences(of: " ", with: "+")
}

func encode(_ fields: [(name: String, value: String)]) -> String {
    fields.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let buffer = UnsafeBufferPointer(start: data, count: size)
    let body = String(decoding: buffer, as: UTF8.self)

    let decoded = FormData(body)
    let again = FormData(encode(decoded.fields))
    guard again == decoded else {
        fatalError("re-encoded fields read back differently: \(decoded.fields) then \(again.fields)")
    }

    let parts = buffer.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    var fields: [(name: String, value: String)] = []
    var index = 0
    while index < parts.count {
        fields.append((parts[index], index + 1 < parts.count ? parts[index + 1] : ""))
        index += 2
    }
    let roundTrip = FormData(encode(fields))
    guard roundTrip.fields.elementsEqual(fields, by: { $0.name == $1.name && $0.value == $1.value }) else {
        fatalError("fields \(fields) read back as \(roundTrip.fields)")
    }
    if let first = fields.first, roundTrip[first.name] != first.value {
        fatalError("the first value of \(first.name.debugDescription) was lost")
    }
    return 0
}
