import Countdown
import Foundation
import Kernel
import KernelHTML
import KernelWeb

/// What the page shows.
struct CountdownPageView {
    var form: CountdownForm
    var problems: [CountdownForm.Field: String]
    var rows: HTML
    var cursor: CountdownCursor?
    var hasFinished: Bool
    /// The host's time when the page was made, in milliseconds since 1970: the clocks count from it, not from the
    /// device's own clock, which may be wrong.
    var serverNow: Int64 = Int64((Date().timeIntervalSince1970 * 1000).rounded())
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
        let hasFinished = view.hasFinished
        let clear: HTML? =
            hasFinished
            ? """
            <form method="post" action="/countdown/clear" class="countdown-clear">\(HTML.csrfField(view.csrfToken))\
            <button type="submit" class="button secondary">Clear finished</button></form>
            """
            : nil
        return """
            <section class="countdown" data-server-now="\(view.serverNow)">
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
              \(DevicePush.offer)
              <div class="page-head">
                <h2 class="countdown-heading">Timers</h2>
                \(clear)
              </div>
              <form method="post" id="countdown-actions" hidden>\(HTML.csrfField(view.csrfToken))</form>
              <div id="countdown-list" data-live-events="\(events)" data-live-refresh="\(events)" data-src="\(url: rowsSource(view.cursor))">\(view.rows)</div>
            </section>
            """
    }

    /// Where the live refresh reads the list of this page.
    static func rowsSource(_ cursor: CountdownCursor?) -> String {
        cursor.map { "/countdown/rows?finished-after=\($0)" } ?? "/countdown/rows"
    }

    /// The list and the links around it (the live refresh's fragment too): on the first page every running
    /// countdown (up to the limit) and the newest finished ones; a link to older finished ones when there are more.
    /// The rows carry no CSRF token: their Cancel buttons submit the page's `#countdown-actions` form (which holds
    /// it) to their own `formaction`, so the same rows serve every visitor. They hold no clock either: a running
    /// countdown's clock is written by the page's script from its end (`data-deadline`, counted from the host's
    /// time), so one rendering serves until something changes; without the script the row still says when it ends.
    static func rows(_ listing: CountdownListing, cursor: CountdownCursor?) -> HTML {
        let items: HTML =
            listing.rows.isEmpty
            ? (cursor == nil
                ? "<li class=\"row empty\" id=\"countdown-empty\">No timers. Start one above.</li>"
                : "<li class=\"row empty\" id=\"countdown-empty\">No older finished timers.</li>")
            : "\(each: listing.rows, row)"
        let more: HTML? =
            listing.runningNotShown > 0
            ? "<p class=\"hint\" id=\"countdown-more-running\">\(listing.runningNotShown) more running timers are not listed; the soonest to end come first.</p>"
            : nil
        let older: HTML? = listing.nextFinished.map {
            "<a class=\"button secondary countdown-page\" id=\"countdown-older\" href=\"\(url: "/countdown?finished-after=\($0)")#countdown-list\">Older finished timers</a>"
        }
        let newest: HTML? =
            cursor == nil
            ? nil : "<a class=\"button secondary countdown-page\" id=\"countdown-newest\" href=\"/countdown\">Back to the newest</a>"
        let pages: HTML? =
            newest == nil && older == nil ? nil : "<nav class=\"countdown-pages\" aria-label=\"More timers\">\(newest)\(older)</nav>"
        return """
            <ul class="list countdown-list" aria-label="Timers">\(items)</ul>
            \(more)\(pages)
            """
    }

    private static func row(_ row: CountdownRow) -> HTML {
        let countdown = row.countdown
        let id = countdown.id ?? 0
        let length = CountdownDuration(seconds: countdown.seconds)?.description ?? ""
        let deadline = Int64((countdown.deadline.timeIntervalSince1970 * 1000).rounded())
        let sub: String
        if row.isFinished {
            let outcome = row.deliveredAt == nil ? "notice on its way" : (row.late ? "notified late" : "notified")
            sub = "Finished \(ClockTime.when(countdown.deadline)) · \(outcome)"
        } else {
            sub = "\(length) · ends \(ClockTime.when(countdown.deadline))"
        }
        let action: HTML =
            row.isFinished
            ? ""
            : """
            <button type="submit" form="countdown-actions" formaction="/countdown/\(id)/cancel" class="button secondary" id="cancel-\(id)" aria-label="Cancel \(countdown.title)">Cancel</button>
            """
        return """
            <li class="row countdown-row\(if: row.isFinished, " finished")" id="countdown-\(id)" data-deadline="\(deadline)">
              <div class="row-main">
                <div class="row-title">\(countdown.title)</div>
                <div class="row-sub" data-countdown-sub>\(HTML.withMoments(sub))</div>
              </div>
              <span class="countdown-clock" role="timer" aria-label="Time left for \(countdown.title)">\(if: row.isFinished, "0:00")</span>
              \(action)
            </li>

            """
    }

}
