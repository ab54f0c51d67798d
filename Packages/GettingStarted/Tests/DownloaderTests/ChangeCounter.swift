import Synchronization

/// The states a download passed through, as its change events said, in order.
final class ChangeCounter: Sendable {
    private let list = Mutex<[String]>([])
    func record(_ state: String) { list.withLock { $0.append(state) } }
    var states: [String] { list.withLock { $0 } }
}
