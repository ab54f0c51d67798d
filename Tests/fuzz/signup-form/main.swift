// Fuzz target: the sign-up form's checks: the date of birth (typed, pasted, masked), the password's length in
// characters, the names, and the JSON a valid form makes.
//
// The input is split at NUL bytes into up to four texts: first name, last name, date of birth, password. An accepted
// date is a real day no later than today and at most 130 years before it, and its DD/MM/YYYY form reads back as the
// same day; the mask gives at most ten characters of digits and slashes and is stable; a valid form's JSON has its
// four keys in order, the password in the request body only, and the ISO date.
import Foundation

let today = DateOfBirth(year: 2026, month: 11, day: 23)!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let texts = Data(bytes: data, count: size).split(separator: 0, omittingEmptySubsequences: false).prefix(4)
        .map { String(decoding: $0, as: UTF8.self) }
    let text = { (index: Int) in index < texts.count ? texts[index] : "" }

    if let date = try? DateOfBirth.parse(text(2), today: today) {
        guard date <= today, date.year >= today.year - 131 else { fatalError("accepted \(date.iso8601)") }
        guard (try? DateOfBirth.parse(date.typed, today: today)) == date else { fatalError("\(date.typed) does not read back") }
    }
    let masked = DateOfBirth.mask(text(2))
    guard masked.count <= 10, masked.allSatisfy({ $0 == "/" || ($0.isASCII && $0.isNumber) }), DateOfBirth.mask(masked) == masked
    else { fatalError("mask \(masked.debugDescription)") }

    let draft = SignupDraft(firstName: text(0), lastName: text(1), dateOfBirth: text(2), password: text(3))
    switch draft.validated(today: today) {
    case .success(let user):
        guard (5...80).contains(user.password.count) else { fatalError("password of \(user.password.count) characters") }
        guard let sent = try? JSONSerialization.jsonObject(with: user.requestBody) as? [String: String],
            sent["password"] == user.password, sent["dateOfBirth"] == user.dateOfBirth.iso8601, sent.count == 4
        else { fatalError("request body \(String(decoding: user.requestBody, as: UTF8.self))") }
        guard let shown = try? JSONSerialization.jsonObject(with: Data(user.shownJSON.utf8)) as? [String: String],
            shown["password"] == User.hiddenPassword
        else { fatalError("shown JSON \(user.shownJSON)") }
    case .failure(let problems):
        guard !problems.byField.isEmpty, problems.byField.values.allSatisfy({ $0.hasSuffix(".") }) else {
            fatalError("problems \(problems.byField)")
        }
    }
    return 0
}
