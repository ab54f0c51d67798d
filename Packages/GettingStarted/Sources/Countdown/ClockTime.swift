import Foundation
import Kernel
import KernelText

/// When a countdown ends, as a sentence says it.
public enum ClockTime {
    /// When `date` is, said after "ends" or "Finished": `at 14:03` on the day of `now`, and on another day which one,
    /// `on 30 November 2026, 14:15` — each a `Moment` token, written in every reader's own clock (the page's, the
    /// CLI's) as every time in the host is.
    public static func when(_ date: Date, now: Date = Date(), in timeZone: TimeZone = .current) -> String {
        DisplayDate.day(date, in: timeZone) == DisplayDate.day(now, in: timeZone)
            ? "at " + Moment.token(date, .time) : "on " + Moment.token(date)
    }
}
