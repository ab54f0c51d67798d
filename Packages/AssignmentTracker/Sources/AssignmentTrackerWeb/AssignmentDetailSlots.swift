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

/// One request's answers to a detail panel's open places. What several places share (the form token's field, each
/// task's schedule) is worked out once, when the moment is made.
struct DetailMoment {
    let assignment: Assignment
    let sync: CalendarSyncStatus?
    let now: Date
    private let csrfField: HTML
    private let schedules: [TaskSchedule]

    init(assignment: Assignment, tasks: [AssignmentTask], sync: CalendarSyncStatus?, csrfToken: String, now: Date) {
        self.assignment = assignment
        self.sync = sync
        self.now = now
        csrfField = HTML.csrfField(csrfToken)
        schedules = tasks.map { TaskSchedule($0, now: now) }
    }

    func fill(_ slot: DetailSlot) -> HTML {
        switch slot {
        case .csrf:
            return csrfField
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
            let behind = schedules.filter(\.isBehind).count
            guard behind > 0 else { return HTML() }
            return "<p class=\"behind-note\">\(behind) \(behind == 1 ? "task is" : "tasks are") behind schedule.</p>"
        case .taskBehind(let index):
            return schedules[index].isBehind ? " behind" : HTML()
        case .taskStatus(let index):
            return switch schedules[index] {
            case .done: "<span class=\"status-pill done-pill\">Done</span>"
            case .notStarted: "<span class=\"status-pill\">Not started</span>"
            case .onTrack: "<span class=\"status-pill\">On track</span>"
            case .behind(let expected): "<span class=\"status-pill behind-pill\">Behind schedule (should be about \(expected)%)</span>"
            case .overdue: "<span class=\"status-pill behind-pill\">Overdue</span>"
            }
        }
    }
}
