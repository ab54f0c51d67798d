import Foundation
import Kernel
import KernelHTML
import KernelText

extension HTML {
    /// `text` as markup, each of its moments (``Moment``) a `<time>` element in `timeZone`'s words, which the shell's
    /// script writes again in the reader's zone and clock: every sentence with a time reads one way on every page.
    public static func withMoments(_ text: String, in timeZone: TimeZone = .current) -> HTML {
        HTML(
            joining: Moment.pieces(text).map { piece -> HTML in
                switch piece {
                case .text(let words): "\(words)"
                case .moment(let date, let kind): moment(date, kind, in: timeZone)
                }
            }
        )
    }

    /// `date` as a `<time>` element: its day and time (or, `kind: .time`, its time of day) in `timeZone`'s words, which
    /// the shell's script writes again in the reader's zone and clock.
    public static func moment(_ date: Date, _ kind: Moment.Kind = .dayAndTime, in timeZone: TimeZone = .current) -> HTML {
        switch kind {
        case .dayAndTime:
            "<time datetime=\"\(DisplayDate.iso(date))\" data-format=\"datetime\">\(DisplayDate.dayAndTime(date, in: timeZone))</time>"
        case .time:
            "<time datetime=\"\(DisplayDate.iso(date))\" data-format=\"time\">\(DisplayDate.time(date, in: timeZone))</time>"
        }
    }
}
