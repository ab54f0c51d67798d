import Foundation
import Testing

@testable import Accounts

@Suite("The screens' view state")
struct AccountViewStateTests {
    @Test("login marks the field the problem is about: the first empty one, else the one at fault")
    func loginField() {
        func field(_ email: String, _ password: String) -> String? {
            let form = LoginForm(email: email, password: password)
            return LoginView(form: form, problem: form.problem, next: nil, csrfToken: "").invalidField
        }
        #expect(field("", "") == "email")
        #expect(field("ana@example.com", "") == "password")
        #expect(field("ana@", "secret!word") == "email")
        #expect(field("ana@example.com", "short") == "password")
        #expect(field("ana@example.com", "secret!word") == nil)
        let wrong = LoginView(form: LoginForm(), problem: AccountMessage.wrongCredentials, next: nil, csrfToken: "")
        #expect(wrong.invalidField == "email")
    }

    @Test("sign-up marks the first compulsory field left empty for \"Please complete the form\"")
    func signupField() {
        func field(_ change: (inout SignupForm) -> Void) -> SignupForm.Field? {
            var form = FormValidationTests.good
            change(&form)
            var problem: SignupForm.Problem?
            do { _ = try form.validated() } catch { problem = error }
            return SignupView(form: form, problem: problem, csrfToken: "").invalidField
        }
        #expect(field { $0.email = "" } == .email)
        #expect(field { $0.password = "" } == .password)
        #expect(field { $0.mobile = "" } == .mobile)
        #expect(field { $0.gender = "" } == .gender)
        #expect(field { _ in } == nil)
    }

    @Test("the number dialog holds what was typed when it was refused, else the number in the national format")
    func dialogNumber() {
        let account = Account(
            email: "ana@example.com",
            emailKey: "ana@example.com",
            passwordHash: "$2b$10$x",
            firstName: "Ana",
            lastName: "",
            mobile: "+601112345678",
            gender: .female,
            createdAt: Date(timeIntervalSince1970: 0)
        )
        #expect(HomeView(account: account, csrfToken: "").dialogNumber == "011-1234 5678")
        #expect(HomeView(account: account, editing: true, mobileTyped: "0000", csrfToken: "").dialogNumber == "0000")
        #expect(account.displayName == "Ana")
    }
}
