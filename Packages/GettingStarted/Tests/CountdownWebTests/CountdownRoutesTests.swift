import Countdown
import CountdownWeb
import Foundation
import GRDB
import Kernel
import KernelStorage
import KernelTestSupport
import Testing

@Suite("Countdown page")
struct CountdownRoutesTests {
    static let settings = ["countdown": FeatureSettings(["scheduler": "none"])]

    /// The shell's countdown database, to write into as another process would.
    static func database(_ parts: TestShellParts) throws -> DatabasePool {
        try FeatureDatabase.open(
            named: FeatureDescriptor.countdown.id,
            in: parts.directory.dataDirectory,
            migrations: FeatureDescriptor.countdown.migrations
        )
    }

    @Test("a started countdown is listed with its clock, its end and Cancel; the page says what happens if Atelier is closed")
    func start() async throws {
        try await withTestShell(features: [CountdownFeature()], featureSettings: Self.settings) { session, _ in
            let empty = try await session.get("/countdown")
            #expect(empty.text.contains("No timers. Start one above."))
            #expect(empty.text.contains(#"inputmode="numeric""#))
            #expect(empty.text.contains("you will be notified the next time it runs"))
            let started = try await session.post("/countdown", form: [("hours", "1"), ("minutes", "30"), ("label", "Tea <b>")])
            #expect(started.status == .seeOther)
            let page = try await session.follow(started)
            #expect(page.text.contains("Started Tea &lt;b&gt;: it ends "))
            #expect(page.text.contains(#"<div class="row-title">Tea &lt;b&gt;</div>"#))
            // The clock is the page script's, counted from the row's end; the host's page says when it ends.
            #expect(page.text.contains(#"role="timer""#) && page.text.contains(#"data-deadline=""#))
            #expect(page.text.contains("1 h 30 min · ends "))
            #expect(page.text.contains(#"aria-label="Cancel Tea &lt;b&gt;""#))
            let rows = try await session.get("/countdown/rows")
            #expect(rows.text.contains("Tea &lt;b&gt;") && !rows.text.contains("<html"))
        }
    }

    @Test("a countdown that ends while the list is kept shows as finished, without Cancel, before its notice comes")
    func endsWhileKept() async throws {
        try await withTestShell(features: [CountdownFeature()], featureSettings: Self.settings) { session, parts in
            // Written straight into the database, with no notice and no change-log entry: nothing tells the host.
            let database = try CountdownRoutesTests.database(parts)
            let id = try await database.write { db in
                // Ends in 4 s: time for the first read even on a machine busy with the whole suite.
                var countdown = Countdown(label: "Short", duration: CountdownDuration(seconds: 60)!, now: Date().addingTimeInterval(-56))
                try countdown.insert(db)
                return countdown.id ?? 0
            }
            #expect(try await session.get("/countdown/rows").text.contains(#"id="cancel-\#(id)""#))
            try await eventually("the kept list shows the countdown finished", timeout: .seconds(20), interval: .milliseconds(200)) {
                try await session.get("/countdown/rows").text.contains(#"class="row countdown-row finished" id="countdown-\#(id)""#)
            }
            #expect(!(try await session.get("/countdown/rows").text.contains(#"id="cancel-\#(id)""#)))
        }
    }

    @Test("a refused form keeps what was typed and says why beside the field")
    func refused() async throws {
        try await withTestShell(features: [CountdownFeature()], featureSettings: Self.settings) { session, _ in
            let zero = try await session.post("/countdown", form: [("hours", "0"), ("minutes", "0"), ("label", "Nap")])
            #expect(zero.status == .unprocessableContent)
            #expect(zero.text.contains(#"<span class="field-error" id="minutes-error">Set at least one minute.</span>"#))
            #expect(zero.text.contains(#"value="Nap""#))
            let wrong = try await session.post("/countdown", form: [("hours", "100"), ("minutes", "61"), ("label", "x\u{1B}")])
            #expect(wrong.text.contains("Enter hours from 0 to 99.") && wrong.text.contains("Enter minutes from 0 to 59."))
            #expect(wrong.text.contains("The label can’t contain control characters."))
            #expect(wrong.text.contains(#"value="100""#) && wrong.text.contains(#"aria-describedby="hours-error" autofocus"#))
            #expect(try await session.get("/countdown").text.contains("No timers."))
        }
    }

    @Test("Cancel removes a countdown and its notice never comes")
    func cancel() async throws {
        try await withTestShell(features: [CountdownFeature()], featureSettings: Self.settings) { session, _ in
            _ = try await session.post("/countdown", form: [("hours", ""), ("minutes", "5"), ("label", "Pasta")])
            let page = try await session.get("/countdown")
            let id = try #require(page.text.firstMatch(of: /id="countdown-(\d+)"/)).1
            let cancelled = try await session.follow(try await session.post("/countdown/\(id)/cancel"))
            #expect(cancelled.text.contains("Cancelled Pasta."))
            #expect(cancelled.text.contains("No timers."))
            let again = try await session.follow(try await session.post("/countdown/\(id)/cancel"))
            #expect(again.text.contains("That countdown was already cancelled."))
        }
    }

    @Test("a form without its CSRF token is refused")
    func csrf() async throws {
        try await withTestShell(features: [CountdownFeature()], featureSettings: Self.settings) { session, _ in
            let refused = try await session.post("/countdown", form: [("minutes", "5")], csrf: false)
            #expect(refused.status == .forbidden)
            #expect(try await session.get("/countdown").text.contains("No timers."))
        }
    }
}

@Suite("Countdown page, at size")
struct CountdownPagingTests {
    @Test("finished countdowns beyond the first page are reached by an Older link (a cursor), and the newest again")
    func olderFinished() async throws {
        try await withTestShell(features: [CountdownFeature()], featureSettings: CountdownRoutesTests.settings) { session, parts in
            // Finished countdowns written as the CLI would leave them, ended one second apart, newest last.
            let database = try CountdownRoutesTests.database(parts)
            let start = Date().addingTimeInterval(-3600)
            try await database.write { db in
                for index in 0..<60 {
                    var countdown = Countdown(
                        label: "Old \(index)",
                        duration: CountdownDuration(seconds: 60)!,
                        now: start.addingTimeInterval(Double(index))
                    )
                    try countdown.insert(db)
                }
            }
            _ = try await session.post("/countdown", form: [("minutes", "5"), ("label", "Running")])
            let first = try await session.get("/countdown")
            let titles = first.text.matches(of: /<div class="row-title">([^<]*)<\/div>/).map { String($0.1) }
            #expect(titles.first == "Running")
            #expect(Array(titles.dropFirst()) == (10..<60).reversed().map { "Old \($0)" })
            let older = try #require(first.text.firstMatch(of: /id="countdown-older" href="([^"#]*)/)).1
            let second = try await session.get(String(older).replacingOccurrences(of: "&amp;", with: "&"))
            let more = second.text.matches(of: /<div class="row-title">([^<]*)<\/div>/).map { String($0.1) }
            #expect(more == (0..<10).reversed().map { "Old \($0)" })
            #expect(!second.text.contains("countdown-older") && second.text.contains(#"id="countdown-newest" href="/countdown""#))
            #expect(second.text.contains(#"data-src="/countdown/rows?finished-after="#))
        }
    }
}
