import Foundation
import Synchronization

/// Counts failed logins per account (the email typed, whether or not it has an account, so the answer never tells)
/// and per client address, and refuses more tries for a while once either has failed too often.
///
/// A key that failed `limit` times within `window` is held until `lockout` after its last failure. A success clears
/// the account's count (never the address's, so one good login does not reopen an address guessing at others).
public final class LoginThrottle: Sendable {
    /// How often a key may fail within the window.
    public struct Policy: Sendable {
        public var limit: Int
        public var window: TimeInterval
        public var lockout: TimeInterval

        public init(limit: Int, window: TimeInterval, lockout: TimeInterval) {
            self.limit = limit
            self.window = window
            self.lockout = lockout
        }
    }

    private let account: Policy
    private let address: Policy
    private let failures = Mutex<[String: [Date]]>([:])

    /// A throttle with the given policies: by default 5 failures per account or 20 per address in 15 minutes hold
    /// it for 60 seconds.
    public init(
        account: Policy = Policy(limit: 5, window: 900, lockout: 60),
        address: Policy = Policy(limit: 20, window: 900, lockout: 60)
    ) {
        self.account = account
        self.address = address
    }

    /// Seconds to wait before `email` may be tried from `address`, or `nil` when it may be tried now.
    public func wait(email: String, address: String, now: Date = Date()) -> Int? {
        failures.withLock { failures in
            let waits = [
                Self.wait(failures["account:" + EmailAddress.key(email)] ?? [], account, now),
                Self.wait(failures["address:" + address] ?? [], self.address, now),
            ]
            return waits.compactMap { $0 }.max()
        }
    }

    /// Checks and counts a try in one step: seconds to wait when `email` may not be tried from `address` now, else
    /// `nil` after counting the try as failed until ``succeeded(email:address:at:)`` says otherwise. Counting before
    /// the password is checked means a burst of simultaneous tries is held like tries one after another.
    public func attempt(email: String, address: String, now: Date = Date()) -> Int? {
        failures.withLock { failures in
            let accountKey = "account:" + EmailAddress.key(email)
            let addressKey = "address:" + address
            let waits = [
                Self.wait(failures[accountKey] ?? [], account, now),
                Self.wait(failures[addressKey] ?? [], self.address, now),
            ]
            if let wait = waits.compactMap({ $0 }).max() { return wait }
            Self.record(now, in: &failures, keys: [(accountKey, account), (addressKey, self.address)])
            return nil
        }
    }

    /// Records a failed try.
    public func failed(email: String, address: String, now: Date = Date()) {
        failures.withLock { failures in
            let keys = [("account:" + EmailAddress.key(email), account), ("address:" + address, self.address)]
            Self.record(now, in: &failures, keys: keys)
        }
    }

    /// Records that the try counted at `at` succeeded: the account's count starts again, and the address no longer
    /// counts that try (its other failures stay, so one good login does not reopen an address guessing at others).
    public func succeeded(email: String, address: String, at: Date) {
        failures.withLock { failures in
            failures["account:" + EmailAddress.key(email)] = nil
            let key = "address:" + address
            if var times = failures[key], let index = times.lastIndex(of: at) {
                times.remove(at: index)
                failures[key] = times
            }
        }
    }

    private static func record(_ now: Date, in failures: inout [String: [Date]], keys: [(String, Policy)]) {
        for (key, policy) in keys {
            var times = (failures[key] ?? []).filter { now.timeIntervalSince($0) < policy.window }
            times.append(now)
            failures[key] = times
        }
        if failures.count > 10_000 {
            failures = failures.filter { $0.value.contains { now.timeIntervalSince($0) < 900 } }
        }
    }

    private static func wait(_ times: [Date], _ policy: Policy, _ now: Date) -> Int? {
        let recent = times.filter { now.timeIntervalSince($0) < policy.window }
        guard recent.count >= policy.limit, let last = recent.last else { return nil }
        let remaining = policy.lockout - now.timeIntervalSince(last)
        return remaining > 0 ? Int(remaining.rounded(.up)) : nil
    }
}
