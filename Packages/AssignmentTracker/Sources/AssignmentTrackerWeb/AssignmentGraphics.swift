import AssignmentTracker
import KernelHTML

/// The small drawings of Assignments, in SVG drawn with attributes only (the pages allow no inline style), each
/// hidden from screen readers beside a text that says the same.
enum AssignmentGraphics {
    /// A ring filled to `percent` (nil: an empty ring, no tasks). Drawn in each row of the list, so only what differs
    /// is written here: its size, stroke width and starting point are in `assignments.css`.
    static func ring(_ percent: Int?) -> HTML {
        let filled = min(100, max(0, percent ?? 0))
        return """
            <svg class="ring" viewBox="0 0 36 36" aria-hidden="true">\
            <circle class="ring-track" cx="18" cy="18" r="15.9155"/>\
            <circle class="ring-fill" cx="18" cy="18" r="15.9155" stroke-dasharray="\(filled) \(100 - filled)"/>\
            </svg>
            """
    }

    /// A bar filled to `percent`, with `tone` naming its colour class.
    static func bar(_ percent: Int, tone: StaticString = "accent") -> HTML {
        let filled = min(100, max(0, percent))
        return """
            <svg class="bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false">\
            <rect class="bar-track" width="100" height="8" rx="4"/>\
            <rect class="bar-fill \(HTML(stringLiteral: tone))" width="\(filled)" height="8" rx="4"/>\
            </svg>
            """
    }

    /// The due-date gauge: a bar of the time left, amber in the last three days, red when overdue, and the words.
    static func gauge(_ gauge: DueGauge) -> HTML {
        let left = Int((gauge.fractionLeft * 100).rounded())
        let tone = gauge.state.rawValue
        return """
            <div class="gauge gauge-\(tone)">\
            <svg class="bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false">\
            <rect class="bar-track" width="100" height="8" rx="4"/><rect class="bar-fill \(tone)" width="\(gauge.state == .overdue ? 100 : left)" height="8" rx="4"/>\
            </svg><span class="gauge-text">\(gauge.text)</span></div>
            """
    }
}
