import Foundation
import Testing

@testable import AssignmentTracker

@Suite("Progress, schedule and the due gauge")
struct ProgressAndScheduleTests {
    let start = at("2027-01-04T09:00")

    @Test("one of three equal tasks done is 33 %, not 0 (no integer division)")
    func oneOfThree() {
        let tasks = [task(start: start, percent: 100), task(start: start), task(start: start)]
        let progress = AssignmentProgress(tasks: tasks)
        #expect(progress.percent == 33)
        #expect(abs(progress.fraction - 1.0 / 3.0) < 1e-12)
    }

    @Test("tasks weigh their planned length; a task without one weighs a day")
    func weights() {
        // 2 days at 50 % and 1 day (no length) at 100 %: (2 × 50 + 1 × 100) / 3 = 66.67 → 67.
        let tasks = [task(start: start, length: .days(2), percent: 50), task(start: start, percent: 100)]
        #expect(AssignmentProgress(tasks: tasks).percent == 67)
        // An end date and hours count the same as the days they span.
        let mixed = [
            task(start: start, length: .until(start.addingTimeInterval(12 * 3_600)), percent: 100),
            task(start: start, length: .hours(36), percent: 0),
        ]
        #expect(AssignmentProgress(tasks: mixed).percent == 25)
    }

    @Test("rounding is half up, 0 tasks has no percentage, all done is 100")
    func rounding() {
        #expect(AssignmentProgress(tasks: []).percent == nil)
        #expect(AssignmentProgress(tasks: []).fraction == 0)
        #expect(AssignmentProgress(weighted: 1_250, weight: 100).percent == 13)  // 12.5 → 13
        #expect(AssignmentProgress(weighted: 1_249, weight: 100).percent == 12)
        #expect(
            AssignmentProgress(tasks: [task(start: start, percent: 100), task(start: start, length: .hours(0.25), percent: 100)]).percent
                == 100
        )
    }

    @Test("behind: below the elapsed share of the planned time, judged with a controllable clock")
    func behind() {
        let fourDays = task(start: start, length: .days(4), percent: 25)
        // Before its start: not started while nothing is done; work done early is on track, never "not started".
        #expect(TaskSchedule(task(start: start, length: .days(4), percent: 0), now: start.addingTimeInterval(-60)) == .notStarted)
        #expect(TaskSchedule(fourDays, now: start.addingTimeInterval(-60)) == .onTrack)
        #expect(TaskSchedule(fourDays, now: start.addingTimeInterval(86_400)) == .onTrack)  // 25 % due, 25 % done
        #expect(TaskSchedule(fourDays, now: start.addingTimeInterval(2 * 86_400)) == .behind(expected: 50))
        var done = fourDays
        done.percent = 100
        #expect(TaskSchedule(done, now: start.addingTimeInterval(10 * 86_400)) == .done)
    }

    @Test("behind: a due date passed unfinished is overdue; with no length the due date ends the plan")
    func overdue() {
        let due = start.addingTimeInterval(2 * 86_400)
        let noLength = task(start: start, due: due, percent: 10)
        #expect(TaskSchedule(noLength, now: start.addingTimeInterval(86_400)) == .behind(expected: 50))
        #expect(TaskSchedule(noLength, now: due.addingTimeInterval(1)) == .overdue)
        let nothing = task(start: start, percent: 0)
        #expect(TaskSchedule(nothing, now: start.addingTimeInterval(100 * 86_400)) == .onTrack)
    }

    @Test("the gauge: days left, amber in the last three days, red when overdue")
    func gauge() {
        let due = at("2027-01-15T17:00")
        let early = DueGauge(due: due, now: at("2027-01-05T17:00"))
        #expect(early.state == .ahead && early.text == "10 days left")
        let close = DueGauge(due: due, now: at("2027-01-13T12:00"))
        #expect(close.state == .soon && close.text == "2 days 5 hours left")
        #expect(DueGauge(due: due, now: at("2027-01-15T16:20")).text == "40 minutes left")
        let late = DueGauge(due: due, now: at("2027-01-18T17:00"))
        #expect(late.state == .overdue && late.text == "3 days overdue" && late.fractionLeft == 0)
        #expect(abs(early.fractionLeft - 10.0 / 14) < 0.001)
    }

    @Test("the bar says urgency: 22 hours left is a short bar, 19 days left a full one, whenever each was added")
    func barLength() {
        let now = at("2027-01-01T09:00")
        let tomorrow = DueGauge(due: now.addingTimeInterval(22 * 3_600), now: now)
        let later = DueGauge(due: now.addingTimeInterval(19 * 86_400), now: now)
        #expect(tomorrow.fractionLeft < 0.1)
        #expect(later.fractionLeft == 1)
        #expect(DueGauge(due: now.addingTimeInterval(7 * 86_400), now: now).fractionLeft == 0.5)
    }
}
