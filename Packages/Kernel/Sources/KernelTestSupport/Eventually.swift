import Testing

/// Polls `condition` every `interval` until it holds, and returns whether it did: for what happens a little later
/// (a background service, a live event, another process). After `timeout` it records a test issue naming `what`.
///
/// ```swift
/// try await eventually("the notice is delivered") { try center.inbox().count == 1 }
/// ```
@discardableResult
public func eventually(
    _ what: String,
    timeout: Duration = .seconds(15),
    interval: Duration = .milliseconds(10),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async throws -> Bool
) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try await condition() { return true }
        if ContinuousClock.now >= deadline {
            Issue.record("\(what): not within \(timeout)", sourceLocation: sourceLocation)
            return false
        }
        try await Task.sleep(for: interval)
    }
}
