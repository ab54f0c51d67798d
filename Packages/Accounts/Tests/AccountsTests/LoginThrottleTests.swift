import Foundation
import Testing

@testable import Accounts

@Suite("Login throttle")
struct LoginThrottleTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("five failures for one email hold it for a minute, whether or not it has an account, from any address")
    func perAccount() {
        let throttle = LoginThrottle()
        for attempt in 0..<5 {
            #expect(throttle.wait(email: "ana@example.com", address: "10.0.0.\(attempt)", now: start) == nil)
            throttle.failed(email: "ana@example.com", address: "10.0.0.\(attempt)", now: start)
        }
        #expect(throttle.wait(email: " ANA@example.com", address: "10.0.0.9", now: start.addingTimeInterval(1)) == 59)
        #expect(throttle.wait(email: "bob@example.com", address: "10.0.0.9", now: start) == nil)
        #expect(throttle.wait(email: "ana@example.com", address: "10.0.0.9", now: start.addingTimeInterval(61)) == nil)
    }

    @Test("twenty failures from one address hold it for every email; a success does not reopen the address")
    func perAddress() {
        let throttle = LoginThrottle()
        for number in 0..<20 { throttle.failed(email: "user\(number)@example.com", address: "10.0.0.1", now: start) }
        // A login that succeeded from there takes off only its own try, none of the failures.
        #expect(throttle.attempt(email: "user1@example.com", address: "10.0.0.1", now: start.addingTimeInterval(5)) != nil)
        throttle.succeeded(email: "user1@example.com", address: "10.0.0.1", at: start.addingTimeInterval(5))
        #expect(throttle.wait(email: "new@example.com", address: "10.0.0.1", now: start.addingTimeInterval(10)) == 50)
        #expect(throttle.wait(email: "new@example.com", address: "10.0.0.2", now: start.addingTimeInterval(10)) == nil)
    }

    @Test("failures older than the window are forgotten; a success clears the account's count")
    func forgetting() {
        let throttle = LoginThrottle()
        for _ in 0..<4 { throttle.failed(email: "ana@example.com", address: "a", now: start) }
        throttle.failed(email: "ana@example.com", address: "a", now: start.addingTimeInterval(901))
        #expect(throttle.wait(email: "ana@example.com", address: "a", now: start.addingTimeInterval(902)) == nil)
        for _ in 0..<4 { throttle.failed(email: "bob@example.com", address: "b", now: start) }
        throttle.succeeded(email: "bob@example.com", address: "b", at: start)
        throttle.failed(email: "bob@example.com", address: "b", now: start)
        #expect(throttle.wait(email: "bob@example.com", address: "b", now: start) == nil)
    }

    @Test("a burst of simultaneous tries is held like tries one after another: each is counted before its check")
    func burst() {
        let throttle = LoginThrottle()
        let allowed = (0..<50).filter { _ in throttle.attempt(email: "ana@example.com", address: "10.0.0.1", now: start) == nil }
        #expect(allowed.count == 5)
        #expect(throttle.attempt(email: "ana@example.com", address: "10.0.0.2", now: start) == 60)
    }

    @Test("a try that succeeds is taken off the address's count, and the account's count starts again")
    func success() {
        let throttle = LoginThrottle()
        for number in 0..<19 {
            let at = start.addingTimeInterval(Double(number))
            #expect(throttle.attempt(email: "user\(number)@example.com", address: "shared", now: at) == nil)
            throttle.succeeded(email: "user\(number)@example.com", address: "shared", at: at)
        }
        // Nineteen people behind one address logged in: the address is not held.
        #expect(throttle.attempt(email: "late@example.com", address: "shared", now: start.addingTimeInterval(30)) == nil)
    }
}
