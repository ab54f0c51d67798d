/// Draws one line per download in a terminal: a bar (or a bouncing marker when the size is unknown), the bytes,
/// and the state, redrawn in place.
struct TerminalProgressBar {
    /// The width of the bar in characters.
    static let width = 24

    /// The line for `item`, labelled `label`.
    static func line(for item: DownloadItem, label: String, tick: Int) -> String {
        let bar: String
        if let fraction = item.fraction {
            let filled = Int(fraction * Double(width))
            bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        } else if item.state == .completed {
            bar = String(repeating: "#", count: width)
        } else {
            let position = tick % width
            bar = String(repeating: "-", count: position) + "<=>" + String(repeating: "-", count: max(0, width - position - 3))
        }
        let percent = item.fraction.map { " \(Int($0 * 100))%" } ?? ""
        var status = item.state == .downloading ? item.progressText + percent : item.state.label
        if item.state == .failed, let failure = item.failure { status += ": \(failure)" }
        return "[\(bar.prefix(width))] \(label) \(status)"
    }

    /// A short form of `url` for the label column.
    static func label(for url: String, width: Int = 32) -> String {
        var text = url
        for prefix in ["https://", "http://"] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        guard text.count > width else { return text.padding(toLength: width, withPad: " ", startingAt: 0) }
        return "…" + text.suffix(width - 1)
    }
}
