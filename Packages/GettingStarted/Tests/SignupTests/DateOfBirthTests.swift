import Foundation
import Testing

@testable import Signup

@Suite("Date of birth")
struct DateOfBirthTests {
    let today = DateOfBirth(year: 2026, month: 11, day: 23)!

    func parse(_ text: String) -> Result<String, DateOfBirth.Problem> {
        do {
            return .success(try DateOfBirth.parse(text, today: today).iso8601)
        } catch {
            return .failure(error)
        }
    }

    @Test("real calendar days only: leap years by the Gregorian rule, 30-day months")
    func calendar() {
        #expect(parse("29/02/2000") == .success("2000-02-29"))
        #expect(parse("29/02/2023") == .failure(.noSuchDay))
        #expect(parse("29/02/1900") == .failure(.noSuchDay))
        #expect(parse("29/02/2024") == .success("2024-02-29"))
        #expect(parse("31/04/1990") == .failure(.noSuchDay))
        #expect(parse("30/04/1990") == .success("1990-04-30"))
        #expect(parse("00/01/1990") == .failure(.noSuchDay))
        #expect(parse("01/13/1990") == .failure(.noSuchDay))
        #expect(parse("31/12/1999") == .success("1999-12-31"))
    }

    @Test("not in the future, at most 130 years ago")
    func range() {
        #expect(parse("23/11/2026") == .success("2026-11-23"))
        #expect(parse("24/11/2026") == .failure(.future))
        #expect(parse("01/01/3000") == .failure(.future))
        #expect(parse("23/11/1896") == .success("1896-11-23"))
        #expect(parse("22/11/1896") == .failure(.tooOld))
        let leapDay = DateOfBirth(year: 2024, month: 2, day: 29)!
        #expect((try? DateOfBirth.parse("28/02/1894", today: leapDay)) != nil)
        #expect((try? DateOfBirth.parse("27/02/1894", today: leapDay)) == nil)
    }

    @Test("the pasted forms read as the same date; anything else asks for DD/MM/YYYY")
    func pasted() {
        #expect(parse("1990-02-03") == .success("1990-02-03"))
        #expect(parse("03.02.1990") == .success("1990-02-03"))
        #expect(parse("03-02-1990") == .success("1990-02-03"))
        #expect(parse("3/2/1990") == .success("1990-02-03"))
        #expect(parse(" 03/02/1990 ") == .success("1990-02-03"))
        #expect(parse("") == .failure(.empty))
        for text in ["03021990", "03/02/90", "1990/02/03", "03/02/1990/", "０３/０２/１９９０", "03/02/199O", "3 Feb 1990", "03/02/1990\u{0}"] {
            #expect(parse(text) == .failure(.shape), "\(text)")
        }
    }

    @Test("the mask adds the slashes as digits are typed and keeps at most 8 digits")
    func mask() {
        let cases = [
            ("", ""), ("0", "0"), ("03", "03/"), ("030", "03/0"), ("0302", "03/02/"), ("03021", "03/02/1"),
            ("03021990", "03/02/1990"), ("030219901", "03/02/1990"), ("03/02/1990", "03/02/1990"), ("ab03x02", "03/02/"),
            ("٣", ""),
        ]
        for (typed, shown) in cases { #expect(DateOfBirth.mask(typed) == shown, "\(typed)") }
    }
}

@Suite("The sign-up form")
struct SignupDraftTests {
    let today = DateOfBirth(year: 2026, month: 11, day: 23)!
    let good = SignupDraft(firstName: " Ana ", lastName: "Lim", dateOfBirth: "03/02/1990", password: "hunter")

    @Test("a valid form makes a user; its JSON has sorted keys, an ISO date, and the password only in the request body")
    func user() throws {
        let user = try good.validated(today: today).get()
        #expect(user.firstName == "Ana")
        let sent = String(decoding: user.requestBody, as: UTF8.self)
        #expect(
            sent
                == "{\n  \"dateOfBirth\" : \"1990-02-03\",\n  \"firstName\" : \"Ana\",\n  \"lastName\" : \"Lim\",\n  \"password\" : \"hunter\"\n}"
        )
        #expect(!user.shownJSON.contains("hunter"))
        #expect(user.shownJSON.contains("\"password\" : \"••••••••\""))
        let decoded = try JSONSerialization.jsonObject(with: user.requestBody) as? [String: String]
        #expect(decoded?["dateOfBirth"] == "1990-02-03")
    }

    @Test("each field gets its own message, all at once")
    func problems() throws {
        let draft = SignupDraft(firstName: "", lastName: "Lim\u{0}", dateOfBirth: "31/04/1990", password: "abcd")
        guard case .failure(let problems) = draft.validated(today: today) else {
            Issue.record("refused form accepted")
            return
        }
        #expect(problems[.firstName] == "Enter your first name.")
        #expect(problems[.lastName] == "The last name can’t contain control characters.")
        #expect(problems[.dateOfBirth] == "That day does not exist in the calendar.")
        #expect(problems[.password] == "Use at least 5 characters for the password.")
        var long = good
        long.firstName = String(repeating: "é", count: 51)
        #expect((try? long.validated(today: today).get()) == nil)
    }

    @Test("the password counts characters as a person sees them: 5 to 80")
    func password() {
        #expect(SignupDraft.passwordProblem("abcd") != nil)
        #expect(SignupDraft.passwordProblem("abcde") == nil)
        #expect(SignupDraft.passwordProblem("👍🏽👍🏽👍🏽👍🏽") != nil, "four emoji with modifiers are four characters")
        #expect(SignupDraft.passwordProblem("👍🏽👍🏽👍🏽👍🏽👍🏽") == nil)
        #expect(SignupDraft.passwordProblem("👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧a") == nil)
        #expect(SignupDraft.passwordProblem(String(repeating: "a", count: 80)) == nil)
        #expect(SignupDraft.passwordProblem(String(repeating: "a", count: 81)) == "Use at most 80 characters for the password.")
        #expect(SignupDraft.passwordProblem(String(repeating: "👍🏽", count: 80)) == nil)
        #expect(SignupDraft.passwordProblem("abc\u{7}de") == "The password can’t contain control characters.")
        #expect(SignupDraft.passwordProblem("     ") == nil, "spaces are characters")
    }
}
