import AssignmentTracker
import Foundation
import KernelHTML
import KernelWeb

/// What changes in an assignment's detail panel without the assignment changing: the visitor's form token, the
/// calendar push's status, and what the clock decides (the gauge, which tasks are behind).
enum DetailSlot: Sendable {
    /// The CSRF field of a form.
    case csrf
    /// The calendar line (nothing without a calendar server).
    case sync
    /// The due-date gauge.
    case gauge
    /// How many tasks are behind schedule (nothing when none is).
    case behindLine
    /// ` behind` in the class of the task at this index when it is behind.
    case taskBehind(Int)
    /// The status pill of the task at this index.
    case taskStatus(Int)
}

/// One request's answers to a detail panel's open places.
struct DetailMoment {
    var assignment: Assignment
    var tasks: [AssignmentTask]
    var sync: CalendarSyncStatus?
    var csrfToken: String
    var now: Date

    func fill(_ slot: DetailSlot) -> HTML {
        switch slot {
        case .csrf:
            return HTML.csrfField(csrfToken)
        case .sync:
            guard let sync else { return HTML() }
            let state: HTML =
                switch sync {
                case .synced: "synced"
                case .retrying: "retrying"
                case .waiting: "waiting"
                }
            return
                "<div class=\"fact sync-status sync-\(state)\" id=\"sync-status\"><span class=\"fact-label\">Calendar</span> \(sync.text)</div>"
        case .gauge:
            return AssignmentGraphics.gauge(DueGauge(due: assignment.dueAt, now: now))
        case .behindLine:
            let behind = tasks.filter { TaskSchedule($0, now: now).isBehind }.count
            guard behind > 0 else { return HTML() }
            return "<p class=\"behind-note\">\(behind) \(behind == 1 ? "task is" : "tasks are") behind schedule.</p>"
        case .taskBehind(let index):
            return TaskSchedule(tasks[index], now: now).isBehind ? " behind" : HTML()
        case .taskStatus(let index):
            return switch TaskSchedule(tasks[index], now: now) {
            case .done: "<span class=\"status-pill done-pill\">Done</span>"
            case .notStarted: "<span class=\"status-pill\">Not started</span>"
            case .onTrack: "<span class=\"status-pill\">On track</span>"
            case .behind(let expected): "<span class=\"status-pill behind-pill\">Behind schedule (should be about \(expected)%)</span>"
            case .overdue: "<span class=\"status-pill behind-pill\">Overdue</span>"
            }
        }
    }
}
