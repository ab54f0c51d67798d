// Fuzz target: the Accounts forms' checks: sign-up and login validation, the Malaysian mobile rule and the email rule.
//
// The input is split at NUL bytes into up to six texts: email, password, first name, last name, mobile, gender. A
// refusal is one of the brief's messages or one of the field limits' sentences; an accepted form has a trimmed, valid
// email without control characters, a password that follows the rule within 72 bytes, names within 100 bytes without
// control characters, and a mobile number whose E.164 and national forms read back as the same number.
import Foundation

let briefMessages: Set<String> = [
    AccountMessage.completeTheForm, AccountMessage.emailNotValid, AccountMessage.signupPasswordRule,
    AccountMessage.mobileNotValid, AccountMessage.selectGender,
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let texts = Data(bytes: data, count: size).split(separator: 0, omittingEmptySubsequences: false).prefix(6)
        .map { String(decoding: $0, as: UTF8.self) }
    let text = { (index: Int) in index < texts.count ? texts[index] : "" }
    let form = SignupForm(
        email: text(0),
        password: text(1),
        firstName: text(2),
        lastName: text(3),
        mobile: text(4),
        gender: text(5)
    )
    do {
        let valid = try form.validated()
        guard EmailAddress.isValid(valid.email), valid.email == TextField.trimmed(valid.email),
            !TextField.hasControlCharacters(valid.email)
        else { fatalError("accepted email \(valid.email.debugDescription)") }
        guard PasswordRule.isSatisfied(by: valid.password), valid.password.utf8.count <= 72 else {
            fatalError("accepted password \(valid.password.debugDescription)")
        }
        for name in [valid.firstName, valid.lastName] {
            guard name.utf8.count <= 100, !TextField.hasControlCharacters(name) else {
                fatalError("accepted name \(name.debugDescription)")
            }
        }
        checkMobile(valid.mobile)
    } catch {
        let sentence = error.message
        guard briefMessages.contains(sentence) || sentence.hasPrefix("Use at most ") || sentence.hasSuffix("control characters")
        else { fatalError("unexpected message \(sentence.debugDescription)") }
    }
    if let number = MalaysianMobile(text(0)) { checkMobile(number) }
    if let problem = LoginForm(email: text(0), password: text(1)).problem {
        guard [AccountMessage.allFieldsRequired, AccountMessage.emailNotValid, AccountMessage.loginPasswordRule].contains(problem)
        else { fatalError("unexpected login message \(problem.debugDescription)") }
    }
    _ = EmailAddress.isValid(text(2))
    return 0
}

func checkMobile(_ number: MalaysianMobile) {
    let digits = number.nationalNumber
    guard digits.hasPrefix("1"), digits.count == 9 || digits.count == 10, digits.allSatisfy(\.isASCII),
        digits.allSatisfy(\.isNumber)
    else { fatalError("accepted national number \(digits.debugDescription)") }
    guard MalaysianMobile(number.e164) == number, MalaysianMobile(number.national) == number else {
        fatalError("\(number.e164) / \(number.national) do not read back")
    }
}
