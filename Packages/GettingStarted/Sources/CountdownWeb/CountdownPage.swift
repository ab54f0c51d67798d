import Countdown
import Foundation
import Kernel
import KernelHTML
import KernelWeb

/// What the page shows.
struct CountdownPageView {
    var form: CountdownForm
    var problems: [CountdownForm.Field: String]
    var rows: [CountdownRow]
    var promise: String
    var csrfToken: String
}

/// The countdown page: hours, minutes and a label to start one; the running ones counting down live, each with
/// Cancel; finished ones with what became of their notice.
enum CountdownPage {
    static func render(_ view: CountdownPageView) -> HTML {
        let first = CountdownForm.Field.allCases.first { view.problems[$0] != nil }
        func error(_ field: CountdownForm.Field) -> HTML? {
            guard let message = view.problems[field] else { return nil }
            return "<span class=\"field-error\" id=\"\(field.rawValue)-error\">\(message)</span>"
        }
        func marks(_ field: CountdownForm.Field) -> HTML {
            let isInvalid = view.problems[field] != nil
            return """
                \(if: isInvalid, " aria-invalid=\"true\" aria-describedby=\"\(field.rawValue)-error\"")\(if: first == field, " autofocus")
                """
        }
        func invalid(_ field: CountdownForm.Field) -> Bool { view.problems[field] != nil }
        let events = "\(CountdownChanged.name.rawValue) \(NoticeDelivered.name.rawValue)"
        let hasFinished = view.rows.contains(where: \.isFinished)
        let clear: HTML? =
            hasFinished
            ? """
            <form method="post" action="/countdown/clear" class="countdown-clear">\(HTML.csrfField(view.csrfToken))\
            <button type="submit" class="button secondary">Clear finished</button></form>
            """
            : nil
        return """
            <section class="countdown">
              <h1 class="page-title">Countdown</h1>
              <form method="post" action="/countdown" class="card countdown-form" id="countdown-form" novalidate>
                \(HTML.csrfField(view.csrfToken))
                <div class="countdown-duration">
                  <div class="field\(if: invalid(.hours), " invalid")">
                    <label for="hours">Hours</label>
                    <input id="hours" name="hours" inputmode="numeric" pattern="[0-9]*" maxlength="2" placeholder="0" enterkeyhint="next" value="\(view.form.hours)"\(marks(.hours))>
                    \(error(.hours))
                  </div>
                  <div class="field\(if: invalid(.minutes), " invalid")">
                    <label for="minutes">Minutes</label>
                    <input id="minutes" name="minutes" inputmode="numeric" pattern="[0-9]*" maxlength="2" placeholder="0" enterkeyhint="next" value="\(view.form.minutes)"\(marks(.minutes))>
                    \(error(.minutes))
                  </div>
                </div>
                <div class="field\(if: invalid(.label), " invalid")">
                  <label for="label">Label (optional)</label>
                  <input id="label" name="label" maxlength="\(CountdownForm.maxLabelBytes)" placeholder="Tea" enterkeyhint="go" value="\(view.form.label)"\(marks(.label))>
                  \(error(.label))
                </div>
                <button type="submit" class="button wide" id="start">Start</button>
              </form>
              <p class="hint countdown-promise" id="countdown-promise">\(view.promise)</p>
              <div class="page-head">
                <h2 class="countdown-heading">Timers</h2>
                \(clear)
              </div>
              <ul class="list countdown-list" id="countdown-list" aria-label="Timers" data-live-events="\(events)" data-live-refresh="\(events)" data-src="/countdown/rows">\(rows(view.rows, csrfToken: view.csrfToken))</ul>
            </section>
            """
    }

    /// The list's rows (the live refresh's fragment too).
    static func rows(_ rows: [CountdownRow], csrfToken: String) -> HTML {
        if rows.isEmpty {
            return "<li class=\"row empty\" id=\"countdown-empty\">No timers. Start one above.</li>"
        }
        return "\(each: rows, { row($0, csrfToken: csrfToken) })"
    }

    private static func row(_ row: CountdownRow, csrfToken: String) -> HTML {
        let countdown = row.countdown
        let id = countdown.id ?? 0
        let length = CountdownDuration(seconds: countdown.seconds)?.description ?? ""
        let deadline = Int64((countdown.deadline.timeIntervalSince1970 * 1000).rounded())
        let sub: String
        if row.isFinished {
            let outcome = row.deliveredAt == nil ? "notice on its way" : (row.late ? "notified late" : "notified")
            sub = "Finished at \(time(countdown.deadline)) · \(outcome)"
        } else {
            sub = "\(length) · ends at \(time(countdown.deadline))"
        }
        let action: HTML =
            row.isFinished
            ? ""
            : """
            <form method="post" action="/countdown/\(id)/cancel">\(HTML.csrfField(csrfToken))\
            <button type="submit" class="button secondary" id="cancel-\(id)" aria-label="Cancel \(countdown.title)">Cancel</button></form>
            """
        return """
            <li class="row countdown-row\(if: row.isFinished, " finished")" id="countdown-\(id)" data-deadline="\(deadline)">
              <div class="row-main">
                <div class="row-title">\(countdown.title)</div>
                <div class="row-sub" data-countdown-sub>\(sub)</div>
              </div>
              <span class="countdown-clock" role="timer" aria-label="Time left for \(countdown.title)">\(CountdownDuration.clock(row.secondsLeft))</span>
              \(action)
            </li>

            """
    }

    /// A time of day as the page shows it, "14:03:05" (the host's time zone).
    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }
}
